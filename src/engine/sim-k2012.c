/*
 * sim-k2012.c - the kernels of 2012 as one policy (model.md §1-§4): on-demand
 * readahead as 2.6.38 to 3.2 do it, and three ways of plugging the reader's
 * I/O.  The modes differ only in plugging:
 * - legacy (2.6.38): the request queue plugs itself when a request enters
 *   it empty and unplugs at a threshold, on a timer, when the reader sleeps
 *   and explicitly after an async readahead on an up-to-date marker;
 * - buggy (2.6.39-3.2): an on-stack plug across the whole read(), so that
 *   read_pages()' own plug is nested and holds nothing back by itself;
 * - fixed (the 2012 patch): read_pages()' own plug only.
 * Their readahead is the same: the window arithmetic of sim-ra.c, with a
 * window merged with the next when the reader stands on its first page
 * (the 64-page first window of a large read).
 */
#include "config.h"

#include "sim.h"
#include "sim-int.h"

static uint64_t	 k2012_ondemand(struct sim *, int, uint64_t, uint64_t);

/* 2.6.39 to 3.2, the bug: generic_file_aio_read() plugs the whole read(). */
const struct sim_policy sim_k2012_buggy = {
	.name = "buggy",
	.outer_plug = 1,
	.ondemand = k2012_ondemand,
	.submit = sim_blk_submit,
	.insert = sim_blk_insert,
};

/* The patch (3deaa7190a8d): readahead's own plug in read_pages() only. */
const struct sim_policy sim_k2012_fixed = {
	.name = "fixed",
	.ondemand = k2012_ondemand,
	.submit = sim_blk_submit,
	.insert = sim_blk_insert,
};

/* 2.6.38: per-queue plugging, the baseline the report measured. */
const struct sim_policy sim_k2012_legacy = {
	.name = "legacy",
	.queue_plug = 1,
	.ondemand = k2012_ondemand,
	.submit = sim_blk_submit,
	.insert = sim_blk_insert,
};

/*
 * ondemand_readahead() of 2.6.38-3.2 at page off with req pages left in this
 * read() (model.md §2): emits the RA event and submits the window; returns
 * the folios (here pages) allocated.
 */
static uint64_t
k2012_ondemand(struct sim *s, int hit_marker, uint64_t off, uint64_t req)
{
	struct sim_ra	*ra = &s->ra;
	uint64_t	 max = ra->ra_pages, hole, end;
	enum sim_ev	 kind = hit_marker ? SIM_EV_RA_ASYNC : SIM_EV_RA_SYNC;

	if (off == 0)
		goto initial;
	if (off == ra->start + ra->size - ra->async_size ||
	    off == ra->start + ra->size) {
		ra->start += ra->size;
		ra->size = sim_ra_next_size(ra->size, max);
		ra->async_size = ra->size;
		goto readit;
	}
	if (hit_marker) {
		/* First uncached page after off, within max pages. */
		end = off + 1 + max;
		hole = sim_extents_find(&s->pages, off + 1, end,
		    SIM_PAGE_ABSENT);
		if (hole == SIM_NONE || hole > s->cfg.file_pages ||
		    hole - off > max)
			return (sim_ra_submit(s, off, 0, 0, 0, kind, off));
		ra->start = hole;
		ra->size = sim_ra_next_size(hole - off + req, max);
		ra->async_size = ra->size;
		goto readit;
	}
	if (req > max)
		goto initial;
	if ((int64_t)off - s->prev_page <= 1)
		goto initial;
	/* A random read: exactly req pages, no marker, state untouched. */
	return (sim_ra_submit(s, off, req, 0, 0, kind, off));

initial:
	ra->start = off;
	ra->size = sim_ra_init_size(req, max);
	ra->async_size = ra->size > req ? ra->size - req : ra->size;
readit:
	/* The reader is at the window's start: read the next one now too. */
	if (off == ra->start && ra->size == ra->async_size) {
		ra->async_size = sim_ra_next_size(ra->size, max);
		ra->size += ra->async_size;
	}
	return (sim_ra_submit(s, ra->start, ra->size, ra->async_size, 0, kind,
	    off));
}
