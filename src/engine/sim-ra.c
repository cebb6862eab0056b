/*
 * sim-ra.c - readahead (model.md §2): the window arithmetic every kernel
 * shares and the submission of a window as read_pages() does it; each
 * kernel's policy decides the window (on-demand readahead, sim-k2012.c).
 *
 * The state is the file's struct sim_ra plus the marker set (PG_readahead
 * pages).  A window allocates only the pages not yet cached, marks its
 * marker page only if it allocated it, and hands runs of new pages to the
 * block layer (sim-blk.c) with readahead's own plug open (2.6.39 on); the
 * reading task (sim-task.c) finishes that plug when read_pages() returns.
 */
#include "config.h"

#include "sim.h"
#include "sim-int.h"

/* Round up to a power of two. */
static uint64_t
roundup_pow2(uint64_t n)
{
	uint64_t	p = 1;

	while (p < n)
		p <<= 1;
	return (p);
}

/* Initial window size for a request of req pages. */
uint64_t
sim_ra_init_size(uint64_t req, uint64_t max)
{
	uint64_t	n = roundup_pow2(req);

	if (n <= max / 32)
		return (4 * n);
	if (n <= max / 4)
		return (2 * n);
	return (max);
}

/* Ramp-up: the window after one of cur pages. */
uint64_t
sim_ra_next_size(uint64_t cur, uint64_t max)
{
	uint64_t	n = cur < max / 16 ? 4 * cur : 2 * cur;

	return (n < max ? n : max);
}

/* Insert a marker page. */
static void
marker_set(struct sim *s, uint64_t p)
{
	sim_u64v_insert(&s->markers, p);
	s->ra.marker = p;
}

/* Are all pages of [first, first + n) up to date (or consumed)? */
int
sim_ra_uptodate(const struct sim *s, uint64_t first, uint64_t n)
{
	uint64_t	p, end = first + n;

	for (p = first; p < end; p = sim_extents_run_end(&s->pages, p, end))
		if (!sim_uptodate(s, p))
			return (0);
	return (1);
}

/* Are all pages of [first, end) absent from the page cache? */
static int
all_absent(const struct sim *s, uint64_t first, uint64_t end)
{
	return (first >= end ||
	    (sim_extents_get(&s->pages, first) == SIM_PAGE_ABSENT &&
	    sim_extents_run_end(&s->pages, first, end) == end));
}

/*
 * Allocate the uncached pages of [start, start + size) (within the file) in
 * folios of order (modern; 0: pages), set the marker on the folio holding
 * start + size - async if allocated here, emit the RA event, and hand the
 * new pages to the block layer as read_pages() would.
 */
uint64_t
sim_ra_submit(struct sim *s, uint64_t start, uint64_t size, uint64_t async,
    uint32_t order, enum sim_ev kind, uint64_t hit)
{
	struct sim_event	*e;
	uint64_t		 end, p, q = 0, total = 0, mark = SIM_NONE;
	uint64_t		 mpages = 0, fa, m;
	int			 absent;

	end = start + size;
	if (end > s->cfg.file_pages)
		end = s->cfg.file_pages;
	/*
	 * page_cache_ra_order() stops at the first folio already cached and
	 * reads the rest in pages; a sequential reader never meets one, so
	 * such a window is simply read in pages here.
	 */
	if (order != 0 && !all_absent(s, start, end))
		order = 0;
	if (order != 0 && start < end &&
	    sim_folios_add(&s->folios, start, end, order) != 0)
		s->oom = 1;
	/*
	 * The window's first absent run [fa, q), looked up once: for the
	 * label, the marker's page and the first submission below (nothing
	 * between them changes a page's state).
	 */
	fa = sim_extents_find_run(&s->pages, start, end, SIM_PAGE_ABSENT, &q);
	e = sim_ev_new(s, kind);
	e->first = start;
	e->npages = size;
	e->hit = hit;
	e->order = order;
	e->async = async;	/* callers that leave the state pass 0 */
	if (kind == SIM_EV_RA_SYNC) {
		s->st.ra_sync++;
		if (s->lab_next == 1) {
			sim_label(s, e, 1);
			s->t1_page = hit;
		}
	} else {
		s->st.ra_async++;
		s->async_seen++;
		sim_label_async(s, e, start, hit, fa);
	}
	/*
	 * PG_readahead goes on the folio holding page size - async of the
	 * window, if it is new (a page of its own without large folios).
	 */
	m = start + size - async;
	if (async != 0 && m < end) {
		if (fa != SIM_NONE && m >= fa && m < q)
			absent = 1;
		else if (m >= start && m < fa)
			absent = 0;	/* before the first absent page */
		else
			absent = sim_extents_get(&s->pages, m) ==
			    SIM_PAGE_ABSENT;
		if (absent)
			mpages = sim_folios_at(&s->folios, m, &mark);
	}
	e->marker = mark;
	e->marker_pages = mpages;
	if (mark != SIM_NONE)
		marker_set(s, mark);

	/* read_pages(): readahead plugs its own submission (not in 2.6.38). */
	s->ra_plug = !s->pol->queue_plug;
	for (p = fa; p != SIM_NONE; p = q < end ? sim_extents_find_run(
	    &s->pages, q, end, SIM_PAGE_ABSENT, &q) : SIM_NONE) {
		s->pol->submit(s, p, q - p);
		total += s->folios.n == 0 ? q - p :
		    sim_folios_count(&s->folios, p, q);
	}
	if (total == 0)
		s->ra_plug = 0;
	return (total);
}

/* Remove the marker at p if there is one; 1 if there was. */
int
sim_ra_marker_take(struct sim *s, uint64_t p)
{
	/* Sorted: no marker below the first (the reader's common case). */
	if (s->markers.n == 0 || p < s->markers.v[0] ||
	    !sim_u64v_remove(&s->markers, p))
		return (0);
	if (s->ra.marker == p)
		s->ra.marker = SIM_NONE;
	return (1);
}
