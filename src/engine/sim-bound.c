/*
 * sim-bound.c - an upper bound on a run's simulated time, so that a
 * configuration whose clock could pass 64-bit nanoseconds is refused before
 * it starts instead of wrapping half-way.
 *
 * Design.  At every instant of a run something makes progress: the task
 * spends CPU time, the device serves a command (latency, idle-exit penalty
 * or transfer), or the legacy unplug timer runs.  So the run is no longer
 * than the sum of all of them, each counted as if nothing overlapped, with
 * one read(), one request and one sleep per page at worst; the transfers add
 * up to the file's bytes over the bandwidth, plus at most a few nanoseconds
 * of rounding per page.  The bound is computed in 128 bits.
 */
#include "config.h"

#include "sim.h"
#include "sim-int.h"

/* The largest simulated time a run may reach: 2^63 ns, about 292 years. */
#define TIME_LIMIT	((sim_u128)1 << 63)

/* An upper bound on the simulated time of a run of cfg, in 128 bits. */
static sim_u128
bound(const struct sim_config *c)
{
	sim_u128	per_page, xfer;

	per_page = (sim_u128)c->cpu.syscall_ns + c->cpu.copy_ns +
	    c->cpu.submit_ns + c->cpu.wake_ns + c->device.latency_ns +
	    c->device.idle_penalty_ns + c->unplug_delay_ns + 4;
	xfer = (sim_u128)c->file_pages * SIM_PAGE_SIZE * UINT64_C(1000000000);
	xfer = xfer / c->device.bandwidth + 1;
	return ((sim_u128)c->file_pages * per_page + xfer);
}

/* Does every time of a run of cfg fit below 2^63 ns? */
int
sim_time_fits(const struct sim_config *c)
{
	if (c->device.bandwidth == 0)
		return (0);
	return (bound(c) < TIME_LIMIT);
}
