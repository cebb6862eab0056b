/*
 * narrate.c - events in plain words.  Each line names the kernel function
 * that does the work in the mode the event happened in, so that a student
 * can find it in mm/filemap.c, mm/readahead.c or block/blk-core.c.  The
 * words are ours; the moments T1..T5 follow the order of the 2012 patch's
 * description.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "narrate.h"

static const char *modes[SIM_MODE_COUNT] = {
	"BUGGY - 2.6.39: read() holds a plug",
	"FIXED - patch: no outer plug",
	"LEGACY - 2.6.38: per-queue plug",
};

/* The moments, as they play out in buggy mode (the patch's story). */
static const char *label_buggy[6] = {
	"",
	"T1: readahead builds two windows; inside the outer plug they merge "
	"into one 256 KiB request that is not sent yet",
	"T2: lock_page on page A sleeps, which flushes the plug: the 256 KiB "
	"goes to the device and the reader waits for it",
	"T3: marker hit on an up-to-date page: the next window is held in the "
	"plug; no one sleeps, so no one flushes - the device sits idle",
	"T4: the next marker: another window joins the plug, still unsent",
	"T5: lock_page at last flushes: 256 KiB goes out and the reader waits "
	"for all of it - the pipeline has broken",
};

/* The same moments with no outer plug (the patch, and 2.6.38). */
static const char *label_fixed[6] = {
	"",
	"T1: readahead builds two windows, 256 KiB, in its own plug",
	"T2: read_pages() finishes its plug: the 256 KiB is sent at once",
	"T3: marker hit: the next window is sent right away, while the reader "
	"still has 128 KiB to copy - the pipeline keeps the device busy",
	"T4: the next marker: the following window is sent too",
	"T5: the reader reaches page A+256k; its window has been in flight "
	"since T3",
};

/*
 * The same moments in at most 80 columns, for a screen with one row to
 * spare (the compare halves at 80x24); NULL where the full text fits.
 */
static const char *short_buggy[6] = {
	NULL,
	"T1: two readahead windows merge in the outer plug: one 256 KiB "
	"request, unsent",
	"T2: lock_page on page A sleeps, flushing the plug: the reader waits "
	"for 256 KiB",
	"T3: marker hit: the next window stays in the plug; no one flushes - "
	"device idle",
	NULL,
	"T5: at last a flush: the reader waits for all 256 KiB - the pipeline "
	"has broken",
};

static const char *short_fixed[6] = {
	NULL, NULL, NULL,
	"T3: marker hit: the next window goes out at once - the device stays "
	"busy",
	NULL, NULL,
};

/* The mode in words. */
const char *
narrate_mode(enum sim_mode m)
{
	return (m < SIM_MODE_COUNT ? modes[m] : "?");
}

/* What a labelled moment means in a mode. */
const char *
narrate_label(int label, enum sim_mode m)
{
	if (label < 1 || label > 5)
		return ("");
	if (m == SIM_MODE_BUGGY)
		return (label_buggy[label]);
	return (label_fixed[label]);
}

/* The meaning of a moment in one line of at most 80 columns. */
const char *
narrate_label_short(int label, enum sim_mode m)
{
	const char	*s;

	if (label < 1 || label > 5)
		return ("");
	s = m == SIM_MODE_BUGGY ? short_buggy[label] : short_fixed[label];
	return (s != NULL ? s : narrate_label(label, m));
}

/* "[a,b)" with KiB size. */
static const char *
range(char *b, size_t n, uint64_t first, uint64_t np)
{
	char	sz[32];

	snprintf(b, n, "[%llu,%llu) %s", (unsigned long long)first,
	    (unsigned long long)(first + np),
	    fmt_bytes(sz, sizeof sz, np * SIM_PAGE_SIZE));
	return (b);
}

/* Describe one event, in at most about 68 columns where possible. */
void
narrate_event(char *buf, size_t len, const struct sim_event *e,
    const struct sim_config *cfg)
{
	char		 r[64], r2[64], sz[32];
	enum sim_mode	 m = e->mode;
	int		 legacy = (m == SIM_MODE_LEGACY);

	(void)cfg;
	switch (e->kind) {
	case SIM_EV_READ_BEGIN:
		snprintf(buf, len, "read() #%llu: %s at page %llu; %s",
		    (unsigned long long)e->read_index,
		    fmt_bytes(sz, sizeof sz, e->npages * SIM_PAGE_SIZE),
		    (unsigned long long)e->first,
		    m == SIM_MODE_BUGGY ? "outer plug taken (blk_start_plug)" :
		    m == SIM_MODE_FIXED ? "no outer plug (the patch)" :
		    "2.6.38: no plug on the task");
		break;
	case SIM_EV_READ_END:
		snprintf(buf, len, "read() #%llu returns%s",
		    (unsigned long long)e->read_index, m == SIM_MODE_BUGGY ?
		    "; blk_finish_plug sends what the plug holds" : "");
		break;
	case SIM_EV_RA_SYNC:
		snprintf(buf, len, "page %llu missing: "
		    "page_cache_sync_readahead [%llu,%llu)",
		    (unsigned long long)e->hit, (unsigned long long)e->first,
		    (unsigned long long)(e->first + e->npages));
		if (e->marker != SIM_NONE) {
			size_t n = strlen(buf);

			snprintf(buf + n, len - n, ", marker on %llu",
			    (unsigned long long)e->marker);
		}
		break;
	case SIM_EV_RA_ASYNC:
		if (e->npages == 0)
			snprintf(buf, len, "marker on %llu: "
			    "page_cache_async_readahead, nothing to read",
			    (unsigned long long)e->hit);
		else
			snprintf(buf, len, "marker on %llu: "
			    "page_cache_async_readahead [%llu,%llu)",
			    (unsigned long long)e->hit,
			    (unsigned long long)e->first,
			    (unsigned long long)(e->first + e->npages));
		break;
	case SIM_EV_QUEUE:
		/*
		 * Where the bio went comes first, the merged size last: on a
		 * narrow screen the line is cut from the end.
		 */
		snprintf(r, sizeof r, "[%llu,%llu)", (unsigned long long)e->first,
		    (unsigned long long)(e->first + e->npages));
		if (e->merged)
			snprintf(r2, sizeof r2, "request #%u now %s", e->req,
			    fmt_bytes(sz, sizeof sz, e->req_npages *
			    SIM_PAGE_SIZE));
		else
			snprintf(r2, sizeof r2, "request #%u", e->req);
		snprintf(buf, len, "%s %s %s: %s",
		    e->where == SIM_WHERE_PLUG ? "submit_bio" : legacy ?
		    "__make_request" : "elevator", r,
		    e->merged ? (e->where == SIM_WHERE_PLUG ? "merged in plug" :
		    "merged in queue") : e->where == SIM_WHERE_PLUG ?
		    "into the plug" : legacy ? "queued, queue plugged" :
		    "queued", r2);
		break;
	case SIM_EV_FLUSH:
		fmt_bytes(sz, sizeof sz, e->npages * SIM_PAGE_SIZE);
		switch (e->reason) {
		case SIM_REASON_FINISH:
			snprintf(buf, len, "blk_finish_plug: %u request%s "
			    "(%s) leave%s the plug", e->count,
			    e->count == 1 ? "" : "s", sz,
			    e->count == 1 ? "s" : "");
			break;
		case SIM_REASON_SLEEP:
			if (legacy)
				snprintf(buf, len, "lock_page -> sync_page "
				    "unplugs the queue: %u request%s (%s)",
				    e->count, e->count == 1 ? "" : "s", sz);
			else
				snprintf(buf, len, "io_schedule -> "
				    "blk_flush_plug: %u request%s (%s) sent",
				    e->count, e->count == 1 ? "" : "s", sz);
			break;
		case SIM_REASON_TIMER:
			snprintf(buf, len, "blk_unplug_timeout: 3 ms are up, "
			    "the queue unplugs");
			break;
		case SIM_REASON_THRESHOLD:
			snprintf(buf, len, "%u requests queued: the queue "
			    "unplugs (unplug_thresh)", e->count);
			break;
		case SIM_REASON_LIMIT:
			snprintf(buf, len, "16 requests on the plug list: "
			    "blk_flush_plug_list sends them first (3.1+)");
			break;
		case SIM_REASON_EXPLICIT:
			snprintf(buf, len, "marker page up to date: "
			    "blk_run_backing_dev unplugs the queue");
			break;
		default:
			snprintf(buf, len, "leaving 2.6.38 plugging: the "
			    "queue unplugs");
			break;
		}
		break;
	case SIM_EV_DISPATCH:
		snprintf(buf, len, "request #%u %s dispatched to the device",
		    e->req, range(r, sizeof r, e->first, e->npages));
		break;
	case SIM_EV_COMPLETE:
		snprintf(buf, len, "request #%u done: [%llu,%llu) up to date",
		    e->req, (unsigned long long)e->first,
		    (unsigned long long)(e->first + e->npages));
		break;
	case SIM_EV_WAIT:
		snprintf(buf, len, "page %llu not up to date: lock_page, "
		    "the reader sleeps", (unsigned long long)e->page);
		break;
	case SIM_EV_WAKE:
		snprintf(buf, len, "the reader wakes: page %llu is up to date",
		    (unsigned long long)e->page);
		break;
	case SIM_EV_COPY:
		snprintf(buf, len, "copy_to_user %s",
		    range(r, sizeof r, e->first, e->npages));
		break;
	case SIM_EV_MODE:
		snprintf(buf, len, "live patch: from this read() on, %s",
		    narrate_mode(m));
		break;
	default:
		snprintf(buf, len, "?");
		break;
	}
}
