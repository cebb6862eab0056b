/*
 * blktrace.c - blktrace's binary records (blktrace.h).
 *
 * The layout and the numbers are the kernel's (include/uapi/linux/
 * blktrace_api.h), written down here once: the magic 0x65617400 with
 * version 7 in its low byte, the action numbers, the category bits, the
 * header's fields in order.  A record is written in this machine's byte
 * order, as blktrace writes it; one read is swapped when its magic says
 * the writer's order was the other one, as blkparse does.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "blktrace.h"

#define BT_MAGIC		0x65617400u
#define BT_VERSION		0x07u
#define TC_SHIFT	16

/* Category bits (above TC_SHIFT in an action). */
enum {
	TC_READ = 1 << 0, TC_WRITE = 1 << 1, TC_FLUSH = 1 << 2,
	TC_SYNC = 1 << 3, TC_QUEUE = 1 << 4, TC_REQUEUE = 1 << 5,
	TC_ISSUE = 1 << 6, TC_COMPLETE = 1 << 7, TC_NOTIFY = 1 << 10,
	TC_AHEAD = 1 << 11, TC_META = 1 << 12, TC_DISCARD = 1 << 13,
	TC_FUA = 1 << 15
};

/* Action numbers (the low 16 bits; 1 << 8 marks a cgroup's). */
enum {
	TA_QUEUE = 1, TA_BACKMERGE, TA_FRONTMERGE, TA_GETRQ, TA_SLEEPRQ,
	TA_REQUEUE, TA_ISSUE, TA_COMPLETE, TA_PLUG, TA_UNPLUG_IO,
	TA_UNPLUG_TIMER, TA_INSERT, TA_SPLIT, TA_BOUNCE, TA_REMAP
};
enum { TN_PROCESS = 0, TN_TIMESTAMP = 1, TN_MESSAGE = 2 };

/* Each blk action's record: its number and its category bit. */
static const struct {
	int		act;		/* enum blk_act */
	uint32_t	num, cat;
} acts[] = {
	{ BLK_Q, TA_QUEUE, TC_QUEUE }, { BLK_M, TA_BACKMERGE, TC_QUEUE },
	{ BLK_F, TA_FRONTMERGE, TC_QUEUE }, { BLK_G, TA_GETRQ, TC_QUEUE },
	{ BLK_R, TA_REQUEUE, TC_REQUEUE }, { BLK_D, TA_ISSUE, TC_ISSUE },
	{ BLK_C, TA_COMPLETE, TC_COMPLETE }, { BLK_P, TA_PLUG, TC_QUEUE },
	{ BLK_U, TA_UNPLUG_IO, TC_QUEUE },
	{ BLK_UT, TA_UNPLUG_TIMER, TC_QUEUE },
	{ BLK_I, TA_INSERT, TC_QUEUE }, { BLK_X, TA_SPLIT, 0 },
	{ BLK_A, TA_REMAP, TC_QUEUE },
};

/* RWBS letters and their category bits (the first is the direction). */
static const struct {
	char		c;
	uint32_t	cat;
} letters[] = {
	{ 'D', TC_DISCARD }, { 'W', TC_WRITE }, { 'R', TC_READ },
	{ 'F', TC_FUA }, { 'A', TC_AHEAD }, { 'S', TC_SYNC }, { 'M', TC_META },
};

/* A 32-bit value swapped end for end. */
static uint32_t
swap32(uint32_t v)
{
	return (v >> 24 | (v >> 8 & 0xff00) | (v << 8 & 0xff0000) | v << 24);
}

/* A 64-bit value swapped end for end. */
static uint64_t
swap64(uint64_t v)
{
	return ((uint64_t)swap32((uint32_t)v) << 32 | swap32((uint32_t)(v >> 32)));
}

/* A big-endian 64-bit value at p. */
static uint64_t
get_be64(const unsigned char *p)
{
	uint64_t	v = 0;
	int		i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return (v);
}

/* A 64-bit value at p as big-endian. */
static void
put_be64(unsigned char *p, uint64_t v)
{
	int	i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (unsigned char)v;
}

/* Does the magic say this machine's order (1), the other (-1), or none? */
static int
order(const unsigned char *p)
{
	uint32_t	m;

	memcpy(&m, p, 4);
	if ((m & 0xffffff00u) == BT_MAGIC)
		return (1);
	if ((swap32(m) & 0xffffff00u) == BT_MAGIC)
		return (-1);
	return (0);
}

/* A record's start? */
int
blktrace_is(const unsigned char *buf, size_t len)
{
	return (len >= BLKTRACE_HDR && order(buf) != 0);
}

/* Read one record. */
int
blktrace_next(const unsigned char *buf, size_t len, size_t *off,
    struct blktrace_rec *r, const char **why)
{
	const unsigned char	*p = buf + *off;
	uint32_t		 v32[8];
	uint64_t		 v64[2];
	uint16_t		 v16[2];
	int			 o;

	if (*off >= len)
		return (0);
	if (len - *off < BLKTRACE_HDR) {
		*why = "a record cut short (expected its 48-byte header)";
		return (-1);
	}
	if ((o = order(p)) == 0) {
		*why = "expected blktrace's magic 0x65617407 (a blktrace file, "
		    "DEVICE.blktrace.CPU, or blkparse -d output)";
		return (-1);
	}
	/* magic, sequence, time, sector, bytes ... cpu, error, pdu_len */
	memcpy(&v32[0], p, 8);
	memcpy(v64, p + 8, 16);
	memcpy(&v32[2], p + 24, 20);
	memcpy(v16, p + 44, 4);
	if (o < 0) {
		for (o = 0; o < 7; o++)
			v32[o] = swap32(v32[o]);
		v64[0] = swap64(v64[0]);
		v64[1] = swap64(v64[1]);
		v16[0] = (uint16_t)(v16[0] >> 8 | v16[0] << 8);
		v16[1] = (uint16_t)(v16[1] >> 8 | v16[1] << 8);
	}
	if ((v32[0] & 0xff) != BT_VERSION) {
		*why = "a blktrace record of another version (expected 7)";
		return (-1);
	}
	if (len - *off - BLKTRACE_HDR < v16[1]) {
		*why = "a record's payload cut short";
		return (-1);
	}
	r->seq = v32[1];
	r->time = v64[0];
	r->sector = v64[1];
	r->bytes = v32[2];
	r->action = v32[3];
	r->pid = v32[4];
	r->dev = v32[5];
	r->cpu = v32[6];
	r->error = v16[0];
	r->pdu_len = v16[1];
	r->pdu = p + BLKTRACE_HDR;
	*off += BLKTRACE_HDR + (size_t)r->pdu_len;
	return (1);
}

/* A record as an event. */
enum blktrace_kind
blktrace_decode(const struct blktrace_rec *r, struct blk_event *e)
{
	uint32_t	num = r->action & 0xff, cat = r->action >> TC_SHIFT;
	size_t		i, k = 0;

	if (cat & TC_NOTIFY)
		return (num == TN_PROCESS ? BLKTRACE_PROCESS :
		    num == TN_MESSAGE ? BLKTRACE_MESSAGE : BLKTRACE_OTHER);
	for (i = 0; i < sizeof acts / sizeof acts[0] && acts[i].num != num;
	    i++)
		;
	if (i == sizeof acts / sizeof acts[0])
		return (BLKTRACE_OTHER);
	memset(e, 0, sizeof *e);
	e->act = (enum blk_act)acts[i].act;
	e->t_ns = r->time;
	e->dev = r->dev;
	e->pid = (int)(r->pid & 0x7fffffff);
	e->fd = -1;
	e->sector = r->sector;
	e->nsect = r->bytes / 512;
	e->error = (int16_t)r->error;
	e->read = (cat & TC_READ) && !(cat & (TC_WRITE | TC_DISCARD));
	/* The letters blkparse prints: direction, then the flags. */
	if (cat & TC_DISCARD)
		e->rwbs[k++] = 'D';
	else if (cat & TC_WRITE)
		e->rwbs[k++] = 'W';
	else if ((cat & TC_READ) && r->bytes > 0)
		e->rwbs[k++] = 'R';
	else
		e->rwbs[k++] = 'N';
	for (i = 3; i < sizeof letters / sizeof letters[0]; i++)
		if (cat & letters[i].cat)
			e->rwbs[k++] = letters[i].c;
	e->rwbs[k] = '\0';
	if ((e->act == BLK_U || e->act == BLK_UT || e->act == BLK_X) &&
	    r->pdu_len >= 8) {
		if (e->act == BLK_X)
			e->sector2 = get_be64(r->pdu);
		else
			e->count = (uint32_t)get_be64(r->pdu);
	} else if (e->act == BLK_A && r->pdu_len >= 16)
		e->sector2 = get_be64(r->pdu + 8);
	return (BLKTRACE_EVENT);
}

/* The header of a record into buf. */
static size_t
header(unsigned char *buf, uint32_t seq, uint64_t t, uint64_t sector,
    uint32_t bytes, uint32_t action, int pid, uint32_t dev, uint16_t error,
    uint16_t pdu_len)
{
	uint32_t	v32[2] = { BT_MAGIC | BT_VERSION, seq }, w32[5];
	uint64_t	v64[2] = { t, sector };
	uint16_t	v16[2] = { error, pdu_len };

	w32[0] = bytes;
	w32[1] = action;
	w32[2] = (uint32_t)(pid < 0 ? 0 : pid);
	w32[3] = dev;
	w32[4] = 0;		/* CPU 0 */
	memcpy(buf, v32, 8);
	memcpy(buf + 8, v64, 16);
	memcpy(buf + 24, w32, 20);
	memcpy(buf + 44, v16, 4);
	return (BLKTRACE_HDR);
}

/* An event as a record. */
size_t
blktrace_encode(const struct blk_event *e, uint32_t seq, unsigned char *buf)
{
	uint32_t	cat = 0;
	size_t		i, k, pdu = 0;
	uint32_t	dev = e->dev == BLK_NODEV ? blk_dev(8, 0) : e->dev;

	for (i = 0; i < sizeof acts / sizeof acts[0] &&
	    acts[i].act != (int)e->act; i++)
		;
	if (i == sizeof acts / sizeof acts[0])
		return (0);
	if (e->rwbs[0] != '\0') {
		for (k = 0; e->rwbs[k] != '\0'; k++) {
			size_t	j;

			for (j = 0; j < sizeof letters / sizeof letters[0]; j++)
				if (letters[j].c == e->rwbs[k] &&
				    (k == 0 || j >= 3))
					cat |= letters[j].cat;
		}
	} else if (e->act != BLK_P && e->act != BLK_U && e->act != BLK_UT)
		cat |= e->read ? TC_READ : TC_WRITE;
	cat |= acts[i].cat;
	switch (e->act) {
	case BLK_U:
	case BLK_UT:
		put_be64(buf + BLKTRACE_HDR, e->count);
		pdu = 8;
		break;
	case BLK_X:
		put_be64(buf + BLKTRACE_HDR, e->sector2);
		pdu = 8;
		break;
	case BLK_A:
		/* From (device, sector) to this device: big-endian. */
		put_be64(buf + BLKTRACE_HDR, (uint64_t)dev << 32 | dev);
		put_be64(buf + BLKTRACE_HDR + 8, e->sector2);
		pdu = 16;
		break;
	default:
		break;
	}
	header(buf, seq, e->t_ns, e->act == BLK_P || e->act == BLK_U ||
	    e->act == BLK_UT ? 0 : e->sector, e->act == BLK_P ||
	    e->act == BLK_U || e->act == BLK_UT ? 0 : e->nsect * 512u,
	    cat << TC_SHIFT | acts[i].num, e->pid, dev,
	    (uint16_t)e->error, (uint16_t)pdu);
	return (BLKTRACE_HDR + pdu);
}

/* A notify record with a payload of n bytes. */
static size_t
note(uint64_t t, uint32_t dev, int pid, uint32_t num, const char *pdu,
    size_t n, unsigned char *buf)
{
	if (n > BLKTRACE_MAX - BLKTRACE_HDR)
		n = BLKTRACE_MAX - BLKTRACE_HDR;
	header(buf, 0, t, 0, 0, (uint32_t)TC_NOTIFY << TC_SHIFT | num, pid,
	    dev, 0, (uint16_t)n);
	memcpy(buf + BLKTRACE_HDR, pdu, n);
	return (BLKTRACE_HDR + n);
}

/* A process name (16 bytes, NUL-padded, as the kernel's comm). */
size_t
blktrace_process(uint64_t t, uint32_t dev, int pid, const char *comm,
    unsigned char *buf)
{
	char	c[16];

	memset(c, 0, sizeof c);
	strncpy(c, comm, sizeof c - 1);
	return (note(t, dev, pid, TN_PROCESS, c, sizeof c, buf));
}

/* A message. */
size_t
blktrace_message(uint64_t t, uint32_t dev, int pid, const char *text,
    unsigned char *buf)
{
	return (note(t, dev, pid, TN_MESSAGE, text, strlen(text), buf));
}

/* blktrace's name for a device. */
void
blktrace_name(char *buf, size_t len, uint32_t dev)
{
	unsigned	ma = blk_dev_major(dev), mi = blk_dev_minor(dev);

	if (ma == 8 && mi % 16 == 0 && mi / 16 < 26)
		snprintf(buf, len, "sd%c", 'a' + mi / 16);
	else if (ma == 7)
		snprintf(buf, len, "loop%u", mi);
	else
		snprintf(buf, len, "%u-%u", ma, mi);
}
