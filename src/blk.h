/*
 * blk.h - the vocabulary of real block traces: one normalized event per
 * line of a trace, whatever the format it came from (ftrace text,
 * trace-cmd report, perf script, blkparse).  The actions are blktrace's
 * letters; two more carry the reader's own read() boundaries, which a
 * capture writes into the same trace as markers, and five the page
 * cache's readahead tracepoints (Linux 6.18 and later; the page-cache
 * insertion since 3.15), which name a file (device and inode) and pages
 * of it, not sectors.
 */
#ifndef RAVIZ_BLK_H
#define RAVIZ_BLK_H

#include <stddef.h>
#include <stdint.h>

enum blk_act {
	BLK_Q,		/* a bio is queued (block_bio_queue) */
	BLK_G,		/* a request is allocated for it (block_getrq) */
	BLK_P,		/* the task plugs (block_plug) */
	BLK_U,		/* explicit unplug, count requests (block_unplug) */
	BLK_UT,		/* unplug because the task sleeps (blktrace UT) */
	BLK_I,		/* a request is inserted in the queue */
	BLK_D,		/* a request is issued to the device */
	BLK_C,		/* a request completes (error in .error) */
	BLK_M,		/* a bio back-merges into a request */
	BLK_F,		/* a bio front-merges into a request */
	BLK_A,		/* a bio is remapped from another device */
	BLK_X,		/* a bio is split (sector / new sector) */
	BLK_R,		/* a request is requeued: off the device, back in the queue */
	BLK_READ_BEGIN,	/* the reader enters read(offset, len) */
	BLK_READ_END,	/* read() returned len bytes at offset */
	BLK_RA_SYNC,	/* page_cache_sync_ra: a miss at ra.index */
	BLK_RA_ASYNC,	/* page_cache_async_ra: the marker at ra.index */
	BLK_RA_WINDOW,	/* page_cache_ra_order: the new readahead window */
	BLK_RA_READ,	/* page_cache_ra_unbounded: pages read as asked */
	BLK_PAGE_ADD,	/* mm_filemap_add_to_page_cache: a folio inserted */
	BLK_NACT
};

/* Is a a readahead or page cache event (struct blk_ra holds its data)? */
#define BLK_IS_RA(a)	((a) >= BLK_RA_SYNC && (a) < BLK_NACT)

/*
 * What a readahead event says (the tracepoints' own fields), pages of the
 * file ino on the file system sdev:
 *   RA_SYNC, RA_ASYNC: index is the page read, req the pages the read()
 *     still wants; size, async and order the file's state before it;
 *   RA_WINDOW: the state after it: the window [index, index + size),
 *     its last async pages read ahead, folios of 2^order pages;
 *   RA_READ: [index, index + size) read, the marker async pages before
 *     its end (page_cache_ra_unbounded's nr_to_read, lookahead_size);
 *   PAGE_ADD: a folio of 2^order pages at index entered the page cache.
 */
struct blk_ra {
	uint64_t	 ino;
	uint32_t	 sdev;		/* blk_dev() encoding */
	uint64_t	 index;
	uint64_t	 req;
	uint32_t	 size;
	uint32_t	 async;
	uint32_t	 order;
	uint32_t	 ra_pages;	/* the file's maximum window, or 0 */
};

/* No device: plug/unplug in ftrace, and reader markers, carry none. */
#define BLK_NODEV	UINT32_MAX

struct blk_event {
	uint64_t	 t_ns;		/* trace time */
	uint64_t	 seq;		/* order in the file (ties in time) */
	uint32_t	 dev;		/* blk_dev(major, minor) or BLK_NODEV */
	enum blk_act	 act;
	int		 read;		/* RWBS holds R */
	uint64_t	 sector;	/* Q G I D C M F A: start, 512-byte units */
	uint32_t	 nsect;		/* ... and length */
	uint64_t	 sector2;	/* X: the new sector; A: the old sector */
	uint32_t	 count;		/* U, UT: requests released */
	int		 error;		/* C: the error code, 0 = success */
	uint64_t	 offset;	/* READ_*: file offset in bytes */
	uint64_t	 len;		/* READ_*: bytes asked / returned */
	int		 fd;		/* READ_*: the descriptor of a read()
					   traced by syscalls, -1 for a raviz
					   marker (its offset is known) */
	struct blk_ra	 ra;		/* BLK_IS_RA(act) */
	int		 pid;		/* the task, or -1 when unknown */
	char		 rwbs[8];	/* the RWBS letters ("" if none) */
	char		 comm[16];	/* the task's name, printable ASCII */
	uint32_t	 line;		/* line in the source file */
};

/*
 * A read event: action a at time t on device dev, nsect sectors from
 * sector; every other field zero (no pid, comm or RWBS letters).
 */
struct blk_event blk_read_event(enum blk_act a, uint64_t t, uint32_t dev,
		    uint64_t sector, uint32_t nsect);
/* A device number as the kernel's tracepoints encode it (MAJ << 20 | MIN). */
uint32_t	 blk_dev(unsigned major, unsigned minor);
unsigned	 blk_dev_major(uint32_t);
unsigned	 blk_dev_minor(uint32_t);
/*
 * blktrace's letters: "Q", "UT", ...; "read_begin" and "read_end" for
 * markers; "ra_sync", "ra_async", "ra_window", "ra_read", "page_add".
 */
const char	*blk_act_name(enum blk_act);
/* The action for blktrace's letters s (n bytes); -1 when unknown. */
int		 blk_act_parse(const char *s, size_t n, enum blk_act *out);
/* The action in words, for narration ("issue to the device"). */
const char	*blk_act_words(enum blk_act);
/*
 * One event in words into buf (always terminated), e.g. "unplug: 1
 * request, the task is about to sleep" for UT, "issue: 128 KiB at sector
 * 2048 to the device" for D.  Returns buf.
 */
char		*blk_narrate(char *buf, size_t len, const struct blk_event *);
/*
 * An RWBS field (n bytes, letters only): 0 with *read set when it holds
 * R, -1 when empty or not made of letters.
 */
int		 blk_rwbs(const char *s, size_t n, int *read);
/*
 * Does bio e merge into the request of nsect sectors at sector: an M that
 * starts where the request ends, or an F that ends where it starts?  The
 * request then grows by e->nsect (an F moves its start to e->sector).
 */
int		 blk_merges(const struct blk_event *e, uint64_t sector,
		    uint64_t nsect);
/*
 * A readahead event's fields into buf (always terminated) as its
 * tracepoint names them: "dev=0:3 ino=700000 index=32 order=2 size=32
 * async_size=32 ra_pages=32"; page_cache_ra_unbounded's nr_to_read and
 * lookahead_size; the page cache insertion's ofs (bytes) and order.
 * Returns buf.
 */
char		*blk_ra_fields(char *buf, size_t len, const struct blk_event *);
/*
 * Is the RA_READ event r the same window as the RA_WINDOW event w before
 * it: the same task, file and first page (page_cache_ra_order() falls
 * back to reading it in single pages)?
 */
int		 blk_ra_same_window(const struct blk_event *w,
		    const struct blk_event *r);
/* Sort events by time, keeping the file order (seq) among equal times. */
void		 blk_sort(struct blk_event *, size_t n);

#endif /* RAVIZ_BLK_H */
