/*
 * sim-k6.c - Linux 6.x as a policy (docs/model.md, "modern"): on-demand
 * readahead with large folios, bios of whole folios split to the queue's
 * limits, and blk-mq's on-stack plug around each read_pages().  Checked
 * against the 6.18 sources (mm/readahead.c, mm/filemap.c, block/blk-mq.c,
 * block/blk-merge.c) and against traces of 6.18 (tests/data/captures).
 *
 * Readahead.  The window limit follows the read: a read() asking for more
 * than ra_pages may have up to the device's io_pages (max_sectors) read at
 * once.  A synchronous window whose read covers it keeps half of it as its
 * async part; asynchronous windows never shrink, raise the file's folio
 * order by two each time and end on a boundary of that order.  Folios are
 * aligned to their index (page_cache_ra_order(), sim-folios.c) and the
 * marker goes on the folio holding start + size - async_size.
 *
 * Block layer.  A window's pages become bios of up to 256 folios (one
 * bio_vec each); each bio is cut to max_sectors pages and max_segments
 * segments (a folio counts one segment per 64 KiB); a piece merges whole
 * into the last request on the plug if it fits, else (mq-deadline) into a
 * queued request, else it is a new request, and adding one to a plug that
 * holds 32, or whose first request has reached 128 KiB, flushes the plug
 * first.  A flush issues requests at once with no scheduler (none); with
 * mq-deadline they are inserted, merging into a queued one they extend.
 *
 * The what-if (modern-buggy): the same kernel with 2.6.39's plug held
 * across the whole read(), as generic_file_aio_read() held it.  No kernel
 * ever ran this; it answers whether blk-mq's early flushes (32 requests, a
 * first request of 128 KiB) would have saved the pipeline.  read_pages()'
 * plug is then nested and its finish flushes nothing (blk_finish_plug()
 * flushes only the task's outermost plug); the early flushes still happen
 * inside blk_add_rq_to_plug(), and going to sleep flushes the plug
 * (schedule() -> blk_flush_plug()), as in 2012.
 */
#include "config.h"

#include "sim.h"
#include "sim-int.h"

/* blk-mq's plug: flush before adding past 32 requests or at 128 KiB. */
#define K6_PLUG_MAX_RQ		32
#define K6_PLUG_FLUSH_PAGES	((128u << 10) / SIM_PAGE_SIZE)
/* A bio holds up to 256 bio_vecs (BIO_MAX_VECS), one per folio. */
#define K6_BIO_FOLIOS		256
/* A physical segment holds at most 64 KiB (BLK_MAX_SEGMENT_SIZE). */
#define K6_SEG_PAGES		((64u << 10) / SIM_PAGE_SIZE)
/* filemap_get_pages() looks at up to 31 folios at a time. */
#define K6_BATCH		31

static uint64_t	 k6_ondemand(struct sim *, int, uint64_t, uint64_t);
static void	 k6_submit(struct sim *, uint64_t, uint64_t);
static void	 k6_insert(struct sim *, const struct sim_request *);

/* Linux 6.x: no outer plug, a plug per read_pages(), folio batches. */
const struct sim_policy sim_k6_modern = {
	.name = "modern",
	.batch = K6_BATCH,
	.folios = 1,
	.ondemand = k6_ondemand,
	.submit = k6_submit,
	.insert = k6_insert,
};

/* What if: Linux 6.x with the plug across read() of 2.6.39-3.2. */
const struct sim_policy sim_k6_modern_buggy = {
	.name = "modern-buggy",
	.outer_plug = 1,
	.batch = K6_BATCH,
	.folios = 1,
	.ondemand = k6_ondemand,
	.submit = k6_submit,
	.insert = k6_insert,
};

/*
 * The window limit for a read() asking for req pages: ra_pages, or up to
 * the device's io_pages (max_sectors in pages) for a read asking for more
 * (ractl_max_pages()).
 */
static uint64_t
max_pages(const struct sim *s, uint64_t req)
{
	uint64_t	max = s->ra.ra_pages, io = s->cfg.max_req_pages;

	if (req > max && io > max)
		max = req < io ? req : io;
	return (max);
}

/* Highest absent page in [lo, hi), or SIM_NONE. */
static uint64_t
last_absent(const struct sim *s, uint64_t lo, uint64_t hi)
{
	uint64_t	p, found = SIM_NONE;

	for (p = lo; p < hi; p = sim_extents_run_end(&s->pages, p, hi)) {
		if (sim_extents_get(&s->pages, p) == SIM_PAGE_ABSENT)
			found = sim_extents_run_end(&s->pages, p, hi) - 1;
	}
	return (found);
}

/*
 * page_cache_sync_ra() at page index, req pages left in the read(): a
 * window from index, in pages (order 0).
 */
static uint64_t
k6_sync(struct sim *s, uint64_t index, uint64_t req)
{
	struct sim_ra	*ra = &s->ra;
	uint64_t	 max = max_pages(s, req), prev, lo, gap, contig;

	/* prev_pos >> PAGE_SHIFT, compared unsigned as the kernel does. */
	prev = (uint64_t)s->prev_page;
	if (index == 0 || req > max || index - prev <= 1) {
		ra->start = index;
		ra->size = sim_ra_init_size(req, max);
		ra->async_size = ra->size > req ? ra->size - req :
		    ra->size >> 1;
	} else {
		/* The pages a stream would have left behind it. */
		lo = index > max ? index - max : 0;
		gap = last_absent(s, lo, index);
		if (gap != SIM_NONE)
			contig = index - gap - 1;
		else if (index <= max)
			contig = 2 * index;	/* cached from page 0 */
		else
			contig = max;
		if (contig <= req) {
			/* A small random read: as it is, state untouched. */
			return (sim_ra_submit(s, index, req, 0, 0,
			    SIM_EV_RA_SYNC, index));
		}
		ra->start = index;
		ra->size = contig + req < max ? contig + req : max;
		ra->async_size = 1;
	}
	ra->order = 0;
	return (sim_ra_submit(s, ra->start, ra->size, ra->async_size, 0,
	    SIM_EV_RA_SYNC, index));
}

/*
 * page_cache_async_ra() on the marked folio at index, req pages left in
 * the read(): the next window, in folios two orders larger than the last,
 * ending on a boundary of that order.
 */
static uint64_t
k6_async(struct sim *s, uint64_t index, uint64_t req)
{
	struct sim_ra	*ra = &s->ra;
	uint64_t	 max = max_pages(s, req), ff, fpages, expected;
	uint64_t	 hole, next, end, align;
	uint32_t	 order;

	fpages = sim_folios_at(&s->folios, index, &ff);
	expected = ra->start + ra->size - ra->async_size;
	expected -= expected % fpages;
	if (index == expected) {
		ra->start += ra->size;
		/* Never smaller than the last window (large folios). */
		next = sim_ra_next_size(ra->size, max);
		if (next > ra->size)
			ra->size = next;
	} else {
		/* A marker without its state: the next hole after index. */
		hole = sim_extents_find(&s->pages, index + 1, index + 1 + max,
		    SIM_PAGE_ABSENT);
		if (hole == SIM_NONE || hole > s->cfg.file_pages ||
		    hole - index > max)
			return (sim_ra_submit(s, index, 0, 0, 0,
			    SIM_EV_RA_ASYNC, index));
		ra->start = hole;
		ra->size = sim_ra_next_size(hole - index + req, max);
	}
	order = ra->order + 2;
	align = UINT64_C(1) << (order < sim_folios_low_order(max) ? order :
	    sim_folios_low_order(max));
	end = ra->start + ra->size;
	if (end - end % align > ra->start)
		ra->size -= end % align;
	ra->async_size = ra->size;
	/* page_cache_ra_order(): no larger than the limit and the window. */
	if (order > s->cfg.folio_order)
		order = s->cfg.folio_order;
	if (order > sim_folios_high_order(ra->size))
		order = sim_folios_high_order(ra->size);
	ra->order = order;
	return (sim_ra_submit(s, ra->start, ra->size, ra->async_size, order,
	    SIM_EV_RA_ASYNC, index));
}

/* On-demand readahead of Linux 6.x. */
static uint64_t
k6_ondemand(struct sim *s, int hit_marker, uint64_t off, uint64_t req)
{
	return (hit_marker ? k6_async(s, off, req) : k6_sync(s, off, req));
}

/* Segments of pages [o, o + n) of one folio of fpages: 64 KiB each. */
static uint64_t
segs_of(uint64_t fpages, uint64_t o, uint64_t n)
{
	if (fpages <= K6_SEG_PAGES)
		return (1);
	return ((o + n + K6_SEG_PAGES - 1) / K6_SEG_PAGES - o / K6_SEG_PAGES);
}

/* Limits on a piece of a bio (UINT64_MAX: none). */
struct k6_lim {
	uint64_t	 folios;	/* whole folios only, at most these */
	uint64_t	 pages;		/* max_sectors: may cut a folio */
	uint64_t	 segs;		/* max_segments: may cut a folio */
};

/*
 * The longest piece [p, end) of [p, q) within the limits, its segments in
 * *segs: bio building (folios) and bio splitting (pages, segments), in
 * O(spans of equal folios), never O(pages).
 */
static uint64_t
take(const struct sim *s, uint64_t p, uint64_t q, const struct k6_lim *l,
    uint64_t *segs)
{
	uint64_t	 nf = 0, np = 0, ns = 0, ff, fp, span, o, len, t, c;
	uint64_t	 room;

	while (p < q) {
		span = sim_folios_span(&s->folios, p, &ff, &fp);
		if (span > q)
			span = q;
		o = p - ff;
		if (o == 0 && span - p >= fp) {
			/* Whole folios of fp pages, c segments each. */
			c = segs_of(fp, 0, fp);
			t = (span - p) / fp;
			if (l->folios - nf < t)
				t = l->folios - nf;
			if ((l->pages - np) / fp < t)
				t = (l->pages - np) / fp;
			if ((l->segs - ns) / c < t)
				t = (l->segs - ns) / c;
			p += t * fp;
			nf += t;
			np += t * fp;
			ns += t * c;
			if (p == span)
				continue;
			o = 0;
		}
		/* One folio, or what is left of one: [p, p + len). */
		len = fp - o;
		if (len > q - p)
			len = q - p;
		if (nf >= l->folios)
			break;
		if (np + len > l->pages || ns + segs_of(fp, o, len) > l->segs) {
			if (l->pages == UINT64_MAX && l->segs == UINT64_MAX)
				break;
			/* A split cuts the folio's bio_vec: pages, segments. */
			room = l->pages - np < len ? l->pages - np : len;
			if (ns >= l->segs)
				room = 0;
			else if (fp > K6_SEG_PAGES) {
				t = (o / K6_SEG_PAGES + (l->segs - ns)) *
				    K6_SEG_PAGES - o;
				if (t < room)
					room = t;
			}
			np += room;
			ns += room ? segs_of(fp, o, room) : 0;
			p += room;
			break;
		}
		p += len;
		nf++;
		np += len;
		ns += segs_of(fp, o, len);
	}
	*segs = ns;
	return (p);
}

/*
 * Try to merge a bio [p, p + n) of nsegs segments whole into r (back or
 * front) within the limits; 1 if it did.
 */
static int
bio_merge(const struct sim *s, struct sim_request *r, uint64_t p, uint64_t n,
    uint64_t nsegs)
{
	if (r->npages + n > s->cfg.max_req_pages ||
	    r->nsegs + nsegs > s->cfg.max_segments)
		return (0);
	if (r->first + r->npages == p)
		r->npages += n;
	else if (p + n == r->first)
		r->first = p;
	else
		return (0);
	r->nsegs += (uint32_t)nsegs;
	return (1);
}

/*
 * A queued request a bio can extend: the one ending at p or starting at
 * p + n (mq-deadline's hash and sort tree), or NULL.
 */
static struct sim_request *
queued_at(struct sim *s, uint64_t p, uint64_t n)
{
	size_t	i = sim_reqv_lower(&s->queue, p + n);

	if (i < s->queue.n && s->queue.v[i].first == p + n)
		return (&s->queue.v[i]);
	i = sim_reqv_lower(&s->queue, p);
	if (i > 0 && s->queue.v[i - 1].first + s->queue.v[i - 1].npages == p)
		return (&s->queue.v[i - 1]);
	return (NULL);
}

/* One piece of a bio, within the limits, into the block layer. */
static void
bio_queue(struct sim *s, uint64_t p, uint64_t n, uint64_t nsegs)
{
	struct sim_request	*r;
	int			 plugged = s->ra_plug || s->rd.outer_plug;

	/* blk_attempt_plug_merge(): the request added last. */
	if (plugged && s->plug.n != 0 &&
	    bio_merge(s, &s->plug.v[s->plug.n - 1], p, n, nsegs)) {
		r = &s->plug.v[s->plug.n - 1];
		sim_blk_ev_queue(s, SIM_WHERE_PLUG, p, n, r, 1);
		sim_set_state(s, p, n, SIM_PAGE_PLUGGED);
		return;
	}
	/* The scheduler's merge (none has no queue to merge into). */
	if (s->cfg.sched == SIM_SCHED_MQ_DEADLINE &&
	    (r = queued_at(s, p, n)) != NULL && bio_merge(s, r, p, n, nsegs)) {
		sim_blk_ev_queue(s, SIM_WHERE_QUEUE, p, n, r, 1);
		sim_set_state(s, p, n, SIM_PAGE_QUEUED);
		return;
	}
	if (!plugged) {
		/* No plug: the request is issued (or inserted) at once. */
		if ((r = sim_blk_req_add(s, &s->queue, p, n, 0)) == NULL)
			return;
		r->nsegs = (uint32_t)nsegs;
		sim_blk_ev_queue(s, SIM_WHERE_QUEUE, p, n, r, 0);
		sim_set_state(s, p, n, SIM_PAGE_QUEUED);
		sim_dev_dispatch(s);
		return;
	}
	/*
	 * blk_add_rq_to_plug(): a plug of 32 requests, or one whose first
	 * request (6.13 on: the list keeps its order) holds 128 KiB or
	 * more, is flushed before the new request joins it.
	 */
	if (s->plug.n >= K6_PLUG_MAX_RQ)
		sim_blk_flush(s, SIM_REASON_LIMIT);
	else if (s->plug.n != 0 && s->plug.v[0].npages >= K6_PLUG_FLUSH_PAGES)
		sim_blk_flush(s, SIM_REASON_SIZE);
	if ((r = sim_blk_req_add(s, &s->plug, p, n, 0)) == NULL)
		return;
	r->nsegs = (uint32_t)nsegs;
	sim_blk_ev_queue(s, SIM_WHERE_PLUG, p, n, r, 0);
	sim_set_state(s, p, n, SIM_PAGE_PLUGGED);
}

/*
 * A run of newly allocated pages of one window: bios of up to 256 folios,
 * each cut to the queue's limits (bio_split_to_limits()), front first.
 */
static void
k6_submit(struct sim *s, uint64_t first, uint64_t n)
{
	const struct k6_lim bio = { K6_BIO_FOLIOS, UINT64_MAX, UINT64_MAX };
	struct k6_lim	 lim;
	uint64_t	 end = first + n, be, p, q, segs;

	lim.folios = UINT64_MAX;
	lim.pages = s->cfg.max_req_pages;
	lim.segs = s->cfg.max_segments;
	for (p = first; p < end; p = be) {
		be = take(s, p, end, &bio, &segs);
		sim_blk_bio(s, p, be);
		for (; p < be; p = q) {
			q = take(s, p, be, &lim, &segs);
			if (q == p)
				break;	/* cannot happen: limits are >= 1 */
			bio_queue(s, p, q - p, segs);
		}
	}
}

/*
 * A request released from the plug.  With no scheduler it is issued as it
 * is: told only if it has to wait for a slot on the device (QUEUE at the
 * queue), else its DISPATCH is all there is to see.  mq-deadline inserts
 * every one (QUEUE at the queue), first trying to append it to a queued
 * request it extends (elv_attempt_insert_merge()).
 */
static void
k6_insert(struct sim *s, const struct sim_request *rq)
{
	struct sim_request	*r;
	size_t			 i;

	if (s->cfg.sched == SIM_SCHED_MQ_DEADLINE) {
		i = sim_reqv_lower(&s->queue, rq->first);
		r = i > 0 ? &s->queue.v[i - 1] : NULL;
		if (r != NULL && r->first + r->npages == rq->first &&
		    bio_merge(s, r, rq->first, rq->npages, rq->nsegs)) {
			sim_blk_ev_queue(s, SIM_WHERE_QUEUE, rq->first,
			    rq->npages, r, 1);
			sim_set_state(s, rq->first, rq->npages,
			    SIM_PAGE_QUEUED);
			return;
		}
	}
	if ((r = sim_blk_req_add(s, &s->queue, rq->first, rq->npages,
	    rq->id)) == NULL)
		return;
	r->nsegs = rq->nsegs;
	if (s->cfg.sched == SIM_SCHED_NONE &&
	    s->dev.n + s->queue.n <= s->cfg.device.qd)
		return;		/* the flush's dispatch takes it */
	sim_blk_ev_queue(s, SIM_WHERE_QUEUE, rq->first, rq->npages, r, 0);
	sim_set_state(s, rq->first, rq->npages, SIM_PAGE_QUEUED);
}
