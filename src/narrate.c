/*
 * narrate.c - events in plain words.  Each line names the kernel function
 * that does the work in the mode the event happened in, so that a student
 * can find it in mm/filemap.c, mm/readahead.c or block/blk-core.c.  The
 * words are ours; the moments T1..T5 follow the order of the 2012 patch's
 * description.
 *
 * The meaning of a moment is told from the labelled event and a note of
 * the run right after it (narrate_moment()): sizes, whether the new window
 * waits in a plug, whether the device is busy, how the reader got its page.
 * The patch's story (one 256 KiB request, the device idle at T3, the
 * pipeline broken at T5) is what the default scenario shows; other
 * scenarios get the same moments told as they happen there.
 *
 * Page numbers where the patch's reasoning turns on them (the marker, the
 * page slept on) also come in the patch description's notation, as an
 * offset from the read()'s first page A ("page 32 = A+128k"), so that the
 * screen can be read side by side with the patch's T1-T5.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "mode.h"
#include "narrate.h"

/* The mode in words (the header's line, from mode.c's table). */
const char *
narrate_mode(enum view_mode m)
{
	return (mode_info(m)->header);
}

/* Note what the run looks like right after the labelled event e. */
void
narrate_moment(struct narrate_moment *m, const struct view *s,
    const struct view_event *e)
{
	const struct view_reader		*rd = view_reader(s);
	const struct view_request	*v;
	enum view_page			 st;
	size_t				 n, i, k;

	memset(m, 0, sizeof *m);
	m->ev = *e;
	m->read_first = rd->task == VIEW_TASK_DONE ? VIEW_NONE : rd->read_first;
	m->asleep = rd->task == VIEW_TASK_SLEEPING ||
	    rd->task == VIEW_TASK_WAKING;
	m->page = rd->wait_page != VIEW_NONE ? rd->wait_page : e->first;
	(void)view_device_list(s, &n);
	m->busy = n > 0;
	if ((e->kind == VIEW_EV_RA_SYNC || e->kind == VIEW_EV_RA_ASYNC) &&
	    e->npages > 0) {
		st = view_page_state(s, e->hit);
		m->ready = st == VIEW_PAGE_UPTODATE || st == VIEW_PAGE_CONSUMED;
		/*
		 * Held past its submission (§1): under the outer plug (buggy);
		 * in the plugged queue unless the marker was up to date, which
		 * unplugs it at once (legacy).  read_pages()' own plug (fixed)
		 * sends the window as soon as it is built.
		 */
		st = view_page_state(s, e->first);
		if (mode_info(e->mode)->outer_plug)
			m->held = st == VIEW_PAGE_PLUGGED && rd->outer_plug;
		else if (e->mode == VIEW_MODE_LEGACY)
			m->held = (st == VIEW_PAGE_QUEUED ||
			    st == VIEW_PAGE_PLUGGED) && view_queue_plugged(s) &&
			    !(e->kind == VIEW_EV_RA_ASYNC && m->ready);
	} else if (e->kind == VIEW_EV_DISPATCH && e->hit != VIEW_NONE) {
		/*
		 * T3/T4 in fixed and legacy mode: the dispatch of the window
		 * that the marker page e->hit made; it is on its way.
		 */
		st = view_page_state(s, e->hit);
		m->ready = st == VIEW_PAGE_UPTODATE || st == VIEW_PAGE_CONSUMED;
	}
	/* The request holding the reader's page: sent when, how big. */
	m->since = VIEW_NONE;
	for (k = 0; k < 3 && m->req_pages == 0; k++) {
		v = k == 0 ? view_device_list(s, &n) : k == 1 ?
		    view_queue_list(s, &n) : view_plug_list(s, &n);
		for (i = 0; i < n; i++) {
			if (m->page < v[i].first ||
			    m->page >= v[i].first + v[i].npages)
				continue;
			m->req_pages = v[i].npages;
			if (k == 0 && v[i].t_dispatch != VIEW_NONE)
				m->since = view_stats(s)->now_ns -
				    v[i].t_dispatch;
			break;
		}
	}
}

/* Page p as an offset from A, in the patch's words. */
char *
narrate_patch(char *buf, size_t len, uint64_t a, uint64_t p)
{
	uint64_t	k;

	if (len > 0)
		buf[0] = '\0';
	if (a == VIEW_NONE || p == VIEW_NONE || p < a)
		return (buf);
	k = (p - a) * (VIEW_PAGE_SIZE / 1024);
	if (k == 0)
		snprintf(buf, len, "A");
	else if (k % 1024 == 0)
		snprintf(buf, len, "A+%lluM", (unsigned long long)(k / 1024));
	else
		snprintf(buf, len, "A+%lluk", (unsigned long long)k);
	return (buf);
}

/* "page P = A+128k" (or "page P" without a read), into b. */
static const char *
page_at(char *b, size_t n, const struct narrate_moment *m, uint64_t p)
{
	char	pa[32];

	/* At A itself the notation adds nothing (small reads). */
	if (p == m->read_first)
		pa[0] = '\0';
	else
		narrate_patch(pa, sizeof pa, m->read_first, p);
	snprintf(b, n, "%llu%s%s", (unsigned long long)p, pa[0] ? " = " : "",
	    pa);
	return (b);
}

/* A size in pages as "256 KiB". */
static const char *
size(char *b, size_t n, uint64_t pages)
{
	return (fmt_bytes(b, n, pages * VIEW_PAGE_SIZE));
}

/*
 * The requests a first window of `pages` makes: "one 256 KiB request" or
 * "4 requests of up to 512 KiB"; short: "one request", "4 requests".  In
 * Linux 6.x the first window is read in pages, a segment each, so a
 * request also ends at max_segments (model.md §7.6).
 */
static const char *
requests(char *b, size_t n, uint64_t pages, const struct view_config *cfg,
    enum view_mode mode, int brief)
{
	uint64_t	max = cfg->max_req_pages, k;
	char		sz[32];

	if (mode_info(mode)->modern && cfg->max_segments != 0 &&
	    cfg->max_segments < max)
		max = cfg->max_segments;
	k = (pages + max - 1) / max;
	if (k <= 1)
		snprintf(b, n, "one %s%srequest", brief ? "" :
		    size(sz, sizeof sz, pages), brief ? "" : " ");
	else if (brief)
		snprintf(b, n, "%llu requests", (unsigned long long)k);
	else
		snprintf(b, n, "%llu requests of up to %s",
		    (unsigned long long)k, size(sz, sizeof sz, max));
	return (b);
}

/* Where a mode holds requests, for "held in ...". */
static const char *
holder(enum view_mode mode, int brief)
{
	if (mode == VIEW_MODE_LEGACY)
		return (brief ? "the queue" : "the plugged queue");
	return ("the plug");
}

/*
 * What moment m means, in full or (brief) in a form that fits 80 columns
 * with the largest sizes and page numbers; into buf.  Every claim is one
 * that the moment's event and state show (see narrate_moment()).
 */
static char *
label_text(char *buf, size_t len, const struct narrate_moment *m,
    const struct view_config *cfg, int brief)
{
	const struct view_event	*e = &m->ev;
	enum view_mode		 mode = e->mode;
	int			 buggy = mode_info(mode)->outer_plug;
	int			 legacy = mode == VIEW_MODE_LEGACY;
	char			 w[32], rq[64], t[32], mk[160], pg[48];
	size_t			 n;
	unsigned long long	 p = (unsigned long long)m->page;

	size(w, sizeof w, e->npages);
	switch (e->label) {
	case 1:
		requests(rq, sizeof rq, e->npages, cfg, mode, brief);
		mk[0] = '\0';
		if (e->marker != VIEW_NONE && e->marker > e->first &&
		    e->marker < e->first + e->npages) {
			/*
			 * As the patch writes it: two windows, the part read
			 * now and the part read ahead, marker on the second.
			 */
			char a[32], b[32];
			unsigned long long f = e->first, k = e->marker;
			unsigned long long z = e->first + e->npages;

			size(a, sizeof a, k - f);
			size(b, sizeof b, z - k);
			if (strcmp(a, b) == 0)
				snprintf(mk, sizeof mk, "the first window is "
				    "two: [%llu,%llu) + [%llu,%llu), %s each, "
				    "marker on %llu", f, k, k, z, a, k);
			else
				snprintf(mk, sizeof mk, "the first window is "
				    "two: [%llu,%llu) %s + [%llu,%llu) %s, "
				    "marker on %llu", f, k, a, k, z, b, k);
		} else
			snprintf(mk, sizeof mk, "readahead builds its first "
			    "window, %s%s", w, e->marker == VIEW_NONE ? "" :
			    " with a marker");
		if (brief)
			snprintf(buf, len, "T1: first window, %s, %s", w,
			    buggy && m->held && !m->busy ? "merges in the "
			    "outer plug:" : buggy ? "fills the outer plug:" :
			    legacy ? "in the plugged queue:" : "in "
			    "read_pages()'s plug:");
		else if (buggy && m->held && !m->busy)
			snprintf(buf, len, "T1: %s; inside the outer plug "
			    "the bios merge into %s, not sent yet", mk, rq);
		else if (buggy)
			snprintf(buf, len, "T1: %s; the outer plug sends its "
			    "%s as it fills", mk, rq);
		else if (legacy)
			snprintf(buf, len, "T1: %s; the bios merge into %s in "
			    "the plugged queue", mk, rq);
		else if (mode_info(mode)->modern)
			snprintf(buf, len, "T1: %s; its bio is %s%s in "
			    "read_pages()'s own plug", mk, strncmp(rq, "one ",
			    4) == 0 ? "" : "cut into ", rq);
		else
			snprintf(buf, len, "T1: %s; the bios merge into %s in "
			    "read_pages()'s own plug", mk, rq);
		if (brief) {
			n = strlen(buf);
			snprintf(buf + n, len - n, " %s%s", rq, buggy &&
			    m->held && !m->busy ? ", unsent" : "");
		}
		break;
	case 2:
		/* Fixed: read_pages() sends it; the reader may sleep after. */
		if (!buggy && !legacy)
			snprintf(buf, len, "T2: read_pages() finishes its "
			    "plug: the %s request is sent at once", w);
		else if (m->asleep && brief)
			snprintf(buf, len, "T2: lock_page sleeps, %s: the "
			    "reader waits for %s", legacy ? "unplugging the "
			    "queue" : "flushing the plug", w);
		else if (m->asleep)
			snprintf(buf, len, "T2: lock_page on the missed page "
			    "sleeps, which %s: the %s request goes to the "
			    "device and the reader waits for it", legacy ?
			    "unplugs the queue" : "flushes the plug", w);
		else
			snprintf(buf, len, "T2: the %s request holding the "
			    "missed page goes to the device", w);
		break;
	case 3:
		if (m->held && m->ready && !m->busy && brief)
			snprintf(buf, len, "T3: marker hit: the next window "
			    "stays in %s; no one flushes - device idle",
			    holder(mode, 1));
		else if (m->held && m->ready && !m->busy)
			snprintf(buf, len, "T3: marker hit on up-to-date page "
			    "%s: the next window, %s, is held in %s; no one "
			    "sleeps, so no one flushes - the device sits idle",
			    page_at(pg, sizeof pg, m, e->hit), w,
			    holder(mode, 0));
		else if (m->held && !brief)
			snprintf(buf, len, "T3: marker hit on page %s: the "
			    "next window, %s, is held in %s%s",
			    page_at(pg, sizeof pg, m, e->hit), w,
			    holder(mode, 0), m->busy ? " while the device "
			    "works" : "");
		else if (m->held)
			snprintf(buf, len, "T3: marker hit: the next window, "
			    "%s, is held in %s", w, holder(mode, brief));
		else if (m->ready && brief)
			snprintf(buf, len, "T3: marker hit: the next window "
			    "goes out at once - the device stays busy");
		else if (m->ready)
			snprintf(buf, len, "T3: marker hit on page %s: the "
			    "next window, %s, is sent at once; the reader "
			    "still has %s to copy - the pipeline keeps the "
			    "device busy", page_at(pg, sizeof pg, m, e->hit),
			    w, size(t, sizeof t, e->first - e->hit));
		else if (brief)
			snprintf(buf, len, "T3: marker hit: the next window, "
			    "%s, is sent at once", w);
		else
			snprintf(buf, len, "T3: marker hit on page %s: the "
			    "next window, %s, is sent at once",
			    page_at(pg, sizeof pg, m, e->hit), w);
		break;
	case 4:
		if (m->held && brief)
			snprintf(buf, len, "T4: the next marker: another "
			    "window, %s, joins %s, unsent", w,
			    holder(mode, brief));
		else if (m->held)
			snprintf(buf, len, "T4: the next marker, page %s: "
			    "another window, %s, joins %s, still unsent",
			    page_at(pg, sizeof pg, m, e->hit), w,
			    holder(mode, 0));
		else if (brief)
			snprintf(buf, len, "T4: the next marker: the following "
			    "window, %s, is sent too", w);
		else
			snprintf(buf, len, "T4: the next marker, page %s: the "
			    "following window, %s, is sent too",
			    page_at(pg, sizeof pg, m, e->hit), w);
		break;
	case 5:
		if (e->kind == VIEW_EV_DISPATCH && buggy && brief)
			snprintf(buf, len, "T5: at last a flush: the reader "
			    "waits for all %s - the pipeline broke", w);
		else if (e->kind == VIEW_EV_DISPATCH && buggy)
			snprintf(buf, len, "T5: page %s is not up to date; "
			    "lock_page flushes at last: the %s request "
			    "goes out, the reader waits for it all - the "
			    "pipeline broke", page_at(pg, sizeof pg, m,
			    m->page), w);
		else if (e->kind == VIEW_EV_DISPATCH && legacy)
			snprintf(buf, len, brief ? "T5: at last the queue "
			    "unplugs: the reader waits for all %s" :
			    "T5: lock_page at last unplugs the queue: the %s "
			    "request goes out and the reader waits for all of "
			    "it", w);
		else if (e->kind == VIEW_EV_DISPATCH && brief)
			snprintf(buf, len, "T5: asleep on page %llu; its %s "
			    "request goes out now", p, w);
		else if (e->kind == VIEW_EV_DISPATCH)
			snprintf(buf, len, "T5: the reader sleeps on page %s "
			    "(not up to date); the %s request "
			    "holding it goes out now", page_at(pg, sizeof pg,
			    m, m->page), w);
		else if (e->kind == VIEW_EV_COPY)
			snprintf(buf, len, brief ? "T5: the reader reaches "
			    "page %llu, up to date: no sleep" :
			    "T5: the reader reaches page %llu: its window has "
			    "arrived, so it copies on without sleeping", p);
		else if (m->since != VIEW_NONE)
			snprintf(buf, len, brief ? "T5: asleep on page %llu; "
			    "its %s request was sent %s before" :
			    "T5: the reader sleeps on page %llu; its %s "
			    "request was sent %s before", p,
			    size(w, sizeof w, m->req_pages),
			    fmt_time(t, sizeof t, m->since));
		else
			snprintf(buf, len, brief ? "T5: asleep on page %llu; "
			    "its request is not sent yet" :
			    "T5: the reader sleeps on page %llu; the request "
			    "holding it is not sent yet", p);
		break;
	default:
		snprintf(buf, len, "%s", "");
		break;
	}
	return (buf);
}

/* What a labelled moment means. */
char *
narrate_label(char *buf, size_t len, const struct narrate_moment *m,
    const struct view_config *cfg)
{
	return (label_text(buf, len, m, cfg, 0));
}

/* The meaning of a moment in one line of at most 80 columns. */
char *
narrate_label_short(char *buf, size_t len, const struct narrate_moment *m,
    const struct view_config *cfg)
{
	label_text(buf, len, m, cfg, 0);
	if (strlen(buf) <= NARRATE_SHORT)
		return (buf);
	return (label_text(buf, len, m, cfg, 1));
}

/* "[a,b)" with KiB size. */
static const char *
range(char *b, size_t n, uint64_t first, uint64_t np)
{
	char	sz[32];

	snprintf(b, n, "[%llu,%llu) %s", (unsigned long long)first,
	    (unsigned long long)(first + np),
	    fmt_bytes(sz, sizeof sz, np * VIEW_PAGE_SIZE));
	return (b);
}

/* Append a window's folio size, when it has large folios (modern). */
static void
folios(char *buf, size_t len, const struct view_event *e)
{
	char	sz[32];
	size_t	n = strlen(buf);

	if (e->order != 0)
		snprintf(buf + n, len - n, " in %s folios",
		    fmt_bytes(sz, sizeof sz, (UINT64_C(1) << e->order) *
		    VIEW_PAGE_SIZE));
}

/* Describe one event, in at most about 68 columns where possible. */
void
narrate_event(char *buf, size_t len, const struct view_event *e,
    const struct view_config *cfg)
{
	char		 r[64], r2[64], sz[32], pa[32];
	enum view_mode	 m = e->mode;
	int		 legacy = (m == VIEW_MODE_LEGACY);
	int		 modern = mode_info(m)->modern;
	int		 outer = mode_info(m)->outer_plug;

	if (cfg->say != NULL) {
		/* A kernel trace: its own words (trace.c). */
		(void)cfg->say(cfg->words, e->seq, buf, len);
		return;
	}
	switch (e->kind) {
	case VIEW_EV_READ_BEGIN:
		snprintf(buf, len, "read() #%llu: %s at page %llu; %s",
		    (unsigned long long)e->read_index,
		    fmt_bytes(sz, sizeof sz, e->npages * VIEW_PAGE_SIZE),
		    (unsigned long long)e->first,
		    m == VIEW_MODE_BUGGY ? "outer plug taken (blk_start_plug)" :
		    m == VIEW_MODE_FIXED ? "no outer plug (the patch)" :
		    m == VIEW_MODE_MODERN ? "no outer plug (6.x)" :
		    outer ? "what-if: 2.6.39's outer plug taken" :
		    "2.6.38: no plug on the task");
		break;
	case VIEW_EV_READ_END:
		snprintf(buf, len, "read() #%llu returns%s",
		    (unsigned long long)e->read_index, outer ?
		    "; blk_finish_plug sends what the plug holds" : "");
		break;
	case VIEW_EV_RA_SYNC:
		snprintf(buf, len, "page %llu missing: "
		    "page_cache_sync_readahead [%llu,%llu)",
		    (unsigned long long)e->hit, (unsigned long long)e->first,
		    (unsigned long long)(e->first + e->npages));
		if (e->marker != VIEW_NONE) {
			size_t n = strlen(buf);

			snprintf(buf + n, len - n, ", marker on %llu",
			    (unsigned long long)e->marker);
		}
		folios(buf, len, e);
		break;
	case VIEW_EV_RA_ASYNC:
		if (e->npages == 0)
			snprintf(buf, len, "marker on %llu: "
			    "page_cache_async_readahead, nothing to read",
			    (unsigned long long)e->hit);
		else {
			/* The marker in the patch's notation (A+128k). */
			narrate_patch(pa, sizeof pa, e->read_index *
			    cfg->read_pages, e->hit);
			if (strcmp(pa, "A") == 0)
				pa[0] = '\0';
			snprintf(buf, len, "marker on %llu%s%s: "
			    "page_cache_async_readahead [%llu,%llu)",
			    (unsigned long long)e->hit, pa[0] ? " = " : "",
			    pa, (unsigned long long)e->first,
			    (unsigned long long)(e->first + e->npages));
			folios(buf, len, e);
		}
		break;
	case VIEW_EV_QUEUE:
		/*
		 * Where the bio went comes first, the merged size last: on a
		 * narrow screen the line is cut from the end.
		 */
		snprintf(r, sizeof r, "[%llu,%llu)", (unsigned long long)e->first,
		    (unsigned long long)(e->first + e->npages));
		if (e->merged)
			snprintf(r2, sizeof r2, "request #%u now %s", e->req,
			    fmt_bytes(sz, sizeof sz, e->req_npages *
			    VIEW_PAGE_SIZE));
		else
			snprintf(r2, sizeof r2, "request #%u", e->req);
		snprintf(buf, len, "%s %s %s: %s",
		    e->where == VIEW_WHERE_PLUG ? "submit_bio" : legacy ?
		    "__make_request" : "elevator", r,
		    e->merged ? (e->where == VIEW_WHERE_PLUG ? "merged in plug" :
		    "merged in queue") : e->where == VIEW_WHERE_PLUG ?
		    "into the plug" : legacy ? "queued, queue plugged" :
		    "queued", r2);
		break;
	case VIEW_EV_FLUSH:
		fmt_bytes(sz, sizeof sz, e->npages * VIEW_PAGE_SIZE);
		switch (e->reason) {
		case VIEW_REASON_FINISH:
			snprintf(buf, len, "blk_finish_plug: %u request%s "
			    "(%s) leave%s the plug", e->count,
			    e->count == 1 ? "" : "s", sz,
			    e->count == 1 ? "s" : "");
			break;
		case VIEW_REASON_SLEEP:
			if (legacy)
				snprintf(buf, len, "lock_page -> sync_page "
				    "unplugs the queue: %u request%s (%s)",
				    e->count, e->count == 1 ? "" : "s", sz);
			else
				snprintf(buf, len, "io_schedule -> "
				    "blk_flush_plug: %u request%s (%s) sent",
				    e->count, e->count == 1 ? "" : "s", sz);
			break;
		case VIEW_REASON_TIMER:
			snprintf(buf, len, "blk_unplug_timeout: %s are up, "
			    "the queue unplugs", fmt_time(sz, sizeof sz,
			    cfg->unplug_delay_ns));
			break;
		case VIEW_REASON_THRESHOLD:
			snprintf(buf, len, "%u requests queued: the queue "
			    "unplugs (unplug_thresh)", e->count);
			break;
		case VIEW_REASON_LIMIT:
			snprintf(buf, len, "%u requests on the plug list: "
			    "%s sends them first%s", e->count,
			    modern ? "blk_add_rq_to_plug" :
			    "blk_flush_plug_list", modern ? "" :
			    " (3.1+)");
			break;
		case VIEW_REASON_SIZE:
			snprintf(buf, len, "the plug's first request is "
			    "128 KiB or more: blk_add_rq_to_plug sends %u (%s)",
			    e->count, sz);
			break;
		case VIEW_REASON_EXPLICIT:
			snprintf(buf, len, "marker page up to date: "
			    "blk_run_backing_dev unplugs the queue");
			break;
		default:
			snprintf(buf, len, "leaving 2.6.38 plugging: the "
			    "queue unplugs");
			break;
		}
		break;
	case VIEW_EV_DISPATCH:
		snprintf(buf, len, "request #%u %s dispatched to the device",
		    e->req, range(r, sizeof r, e->first, e->npages));
		break;
	case VIEW_EV_COMPLETE:
		if (e->npages == 0)
			snprintf(buf, len, "request #%u done: its bio waits "
			    "for its other pieces", e->req);
		else
			snprintf(buf, len, "request #%u done: [%llu,%llu) up "
			    "to date", e->req, (unsigned long long)e->first,
			    (unsigned long long)(e->first + e->npages));
		break;
	case VIEW_EV_WAIT:
		if (modern)
			snprintf(buf, len, "folio at %llu not up to date: "
			    "the reader sleeps on its lock",
			    (unsigned long long)e->page);
		else
			snprintf(buf, len, "page %llu not up to date: "
			    "lock_page, the reader sleeps",
			    (unsigned long long)e->page);
		break;
	case VIEW_EV_WAKE:
		snprintf(buf, len, "the reader wakes: page %llu is up to date",
		    (unsigned long long)e->page);
		break;
	case VIEW_EV_COPY:
		snprintf(buf, len, "copy_to_user %s",
		    range(r, sizeof r, e->first, e->npages));
		break;
	case VIEW_EV_MODE:
		snprintf(buf, len, "live patch: from this read() on, %s",
		    narrate_mode(m));
		break;
	default:
		snprintf(buf, len, "?");
		break;
	}
}
