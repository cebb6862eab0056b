/*
 * blktrace.h - blktrace's binary records to and from the blk vocabulary.
 *
 * blktrace writes one file per CPU, DEVICE.blktrace.CPU, of records in
 * the kernel's layout (struct blk_io_trace of <linux/blktrace_api.h>: a
 * 48-byte header in the writer's byte order, then pdu_len bytes of
 * payload); blkparse -d writes the same records merged into one file.
 * The action is the kernel's: a number (queue, getrq, issue, ...) and
 * category bits above bit 16 (read, write, ahead, sync, ...).  Payloads:
 * an unplug's request count and a split's new sector as big-endian 64
 * bits, a remap's origin, a notify's process name or message text.
 *
 * Contract: pure functions over caller buffers, no allocation, no I/O;
 * decoding checks every length against the buffer.
 */
#ifndef RAVIZ_BLKTRACE_H
#define RAVIZ_BLKTRACE_H

#include <stddef.h>
#include <stdint.h>

#include "blk.h"

#define BLKTRACE_HDR	48	/* bytes of a record before its payload */
#define BLKTRACE_MAX	(BLKTRACE_HDR + 256)	/* what encode writes */

/* One record as read (host byte order), its payload in the buffer. */
struct blktrace_rec {
	uint32_t		 seq;
	uint64_t		 time;
	uint64_t		 sector;
	uint32_t		 bytes;
	uint32_t		 action;
	uint32_t		 pid;
	uint32_t		 dev;
	uint32_t		 cpu;
	uint16_t		 error;
	uint16_t		 pdu_len;
	const unsigned char	*pdu;
};

/* What a record is, once decoded. */
enum blktrace_kind {
	BLKTRACE_EVENT,		/* a block event (*e filled in) */
	BLKTRACE_PROCESS,	/* a pid's name: pdu */
	BLKTRACE_MESSAGE,	/* a message: pdu, pdu_len bytes */
	BLKTRACE_OTHER		/* bounce, abort, driver data, sleeprq ... */
};

/* Does buf (len bytes) start with a record (magic, either byte order)? */
int	blktrace_is(const unsigned char *buf, size_t len);
/*
 * The record at *off: 1 with *r and *off moved past it, 0 at the end, -1
 * when what is there is not a whole record (*off unchanged, *why says).
 */
int	blktrace_next(const unsigned char *buf, size_t len, size_t *off,
	    struct blktrace_rec *r, const char **why);
/*
 * A record as blk vocabulary: its kind, and for BLKTRACE_EVENT the event
 * (time, device, action, RWBS letters, sectors, pid, count, error; no
 * comm).
 */
enum blktrace_kind blktrace_decode(const struct blktrace_rec *r,
	    struct blk_event *e);
/*
 * Encode into buf (at least BLKTRACE_MAX bytes), in this machine's byte
 * order, on CPU 0: a block event (sequence seq; an event blktrace has no
 * record for - markers, readahead - gives 0), a process name, or a
 * message (at most 255 bytes of text).  Returns the bytes written.
 */
size_t	blktrace_encode(const struct blk_event *e, uint32_t seq,
	    unsigned char *buf);
size_t	blktrace_process(uint64_t t, uint32_t dev, int pid, const char *comm,
	    unsigned char *buf);
size_t	blktrace_message(uint64_t t, uint32_t dev, int pid, const char *text,
	    unsigned char *buf);
/* The file name blktrace gives a device: "sda", "loop0", else "MAJ-MIN". */
void	blktrace_name(char *buf, size_t len, uint32_t dev);

#endif /* RAVIZ_BLKTRACE_H */
