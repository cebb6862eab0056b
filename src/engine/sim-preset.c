/*
 * sim-preset.c - the device presets of model.md §5, with where each value
 * comes from.  The `report` preset's idle-exit penalty is a calibrated
 * hypothesis, not a measurement, and its description says so.
 */
#include "config.h"

#include <string.h>

#include "sim.h"

static const struct sim_device presets[] = {
	{ "report", 270000000, 60000, 31, SIM_DISC_RR, 4000000, 140000 },
	{ "sata2",  270000000, 60000, 31, SIM_DISC_RR, 0, 0 },
	{ "sata3",  520000000, 60000, 31, SIM_DISC_RR, 0, 0 },
	{ "hdd",    120000000, 150000, 31, SIM_DISC_FIFO, 0, 0 },
	{ "nvme",  3000000000u, 80000, 1023, SIM_DISC_RR, 0, 0 },
};

static const char *basis[] = {
	"Samsung 830 SSD on the 3 Gb/s SATA link of a Dell E6400, the machine "
	"of the 2012 report (dd bs=1M: 248 MB/s on 2.6.38, 49 MB/s on 3.2). "
	"B is the link's 300 MB/s after 8b/10b less framing and flow control; "
	"L is of the order of a 2012 MLC page read plus controller time (not "
	"measured on the 830); QD is libata's 31 usable NCQ tags. The link "
	"serves ready commands in 512-byte turns. The idle-exit wake (4 ms "
	"after >= 140 us idle, of the whole link) is a CALIBRATED HYPOTHESIS, "
	"not a measurement: SATA link power saving (Slumber exit may take up "
	"to 10 ms; 3.5 ms was measured on an ICH8M), chosen so that the model "
	"reproduces the report; every threshold from 135 to 148 us gives the "
	"same figures, and 140 us is the middle.",
	"The same SSD and link with link power saving off: no idle-exit "
	"wake.",
	"A 2012 SSD on a 6 Gb/s SATA link (the rated sequential read of that "
	"class).",
	"A 7200 rpm disk with its look-ahead cache on, whole commands one at a "
	"time in order. With look-ahead off each command that finds the disk "
	"idle misses a revolution: --idle-penalty=8.33ms --idle-threshold=0.",
	"A PCIe 3 x4 NVMe drive: many flash channels behind a PCIe link whose "
	"packets interleave concurrent commands (modelled as 512-byte turns).",
};

/* Number of presets. */
size_t
sim_preset_count(void)
{
	return (sizeof presets / sizeof presets[0]);
}

/* Preset i, or NULL. */
const struct sim_device *
sim_preset(size_t i)
{
	return (i < sim_preset_count() ? &presets[i] : NULL);
}

/* Preset by name, or NULL. */
const struct sim_device *
sim_preset_find(const char *name)
{
	size_t	i;

	for (i = 0; i < sim_preset_count(); i++)
		if (strcmp(presets[i].name, name) == 0)
			return (&presets[i]);
	return (NULL);
}

/* Where preset i's values come from. */
const char *
sim_preset_basis(size_t i)
{
	return (i < sim_preset_count() ? basis[i] : "");
}
