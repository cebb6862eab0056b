/*
 * demo-fuzzer.c - libFuzzer harness for the demo file format: the input is
 * a whole file, parsed with demo_parse().  A crash, a sanitizer report or a
 * broken contract is a finding (abort()):
 *
 * - the return value is the error count, every diagnostic is named
 *   "fuzz.demo:LINE:COL: error|warning: ..." with LINE within the file,
 *   and is safe to print as it is (no control bytes, valid UTF-8);
 * - decoded captions and the title, once through fmt_escape_str(), hold no
 *   control byte, C1 control, bidirectional override or invalid UTF-8, at
 *   any output size, and a shorter output is a prefix of a longer one;
 * - markers are [A-Za-z0-9_.-]{1,32}, commands are known kinds;
 * - a file without errors, recorded again through the real writer
 *   (demo_writer_*, into an unlinked temporary file), parses without errors to the same
 *   title, scenario and items (delays to the millisecond the writer keeps).
 */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "demo.h"
#include "fmt.h"
#include "utf8.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define CHECK(c)	do { if (!(c)) { fprintf(stderr, "demo-fuzzer: %s:%d: " \
			    "contract broken: %s\n", __FILE__, __LINE__, #c); \
			    abort(); } } while (0)

/*
 * Is s safe to print: valid UTF-8 without C0/DEL (tab allowed if tab),
 * C1 controls, or the bidirectional and line-separator code points?
 */
static int
safe_text(const char *s, int tab)
{
	const unsigned char	*p = (const unsigned char *)s;
	uint32_t		 cp;
	int			 n;

	while (*p != '\0') {
		if ((n = (int)utf8_decode((const char *)p,
		    strnlen((const char *)p, 4), &cp)) == 0)
			return (0);
		if ((cp < 0x20 && !(tab && cp == '\t')) || cp == 0x7f ||
		    (cp >= 0x80 && cp <= 0x9f) || cp == 0x200e ||
		    cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
		    (cp >= 0x2066 && cp <= 0x2069) ||
		    (cp > 0x7f && !(tab && cp == '\t') && !utf8_printable(cp)))
			return (0);
		p += n;
	}
	return (1);
}

/* Untrusted text through fmt_escape_str() at several sizes. */
static void
check_sanitize(const char *text)
{
	static const size_t	 sizes[] = { 1, 2, 5, 7, 16, 64 };
	size_t			 n, i;
	char			*out, *small;

	n = strlen(text) * 4 + 8;	/* "\xNN" per byte at most */
	if ((out = malloc(n)) == NULL || (small = malloc(64)) == NULL)
		abort();
	fmt_escape_str(out, n, text);
	CHECK(strlen(out) < n);
	CHECK(safe_text(out, 0));
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		fmt_escape_str(small, sizes[i], text);
		CHECK(strlen(small) < sizes[i]);
		CHECK(safe_text(small, 0));
	}
	free(small);
	free(out);
}

/* The delay the writer keeps: whole milliseconds, rounded. */
static uint64_t
writer_delay(uint64_t ns)
{
	uint64_t	ms = ns / 1000000;

	if (ns % 1000000 >= 500000 && ms < UINT64_MAX / 1000000)
		ms++;
	return (ms * 1000000);
}

/* Same configuration, field by field (the device name by its text). */
static int
same_config(const struct sim_config *a, const struct sim_config *b)
{
	return (a->mode == b->mode && a->source == b->source &&
	    a->file_pages == b->file_pages && a->read_pages == b->read_pages &&
	    a->ra_pages == b->ra_pages && a->max_req_pages == b->max_req_pages &&
	    a->plug_limit == b->plug_limit &&
	    a->unplug_thresh == b->unplug_thresh &&
	    a->unplug_delay_ns == b->unplug_delay_ns &&
	    strcmp(a->device.name, b->device.name) == 0 &&
	    a->device.bandwidth == b->device.bandwidth &&
	    a->device.latency_ns == b->device.latency_ns &&
	    a->device.qd == b->device.qd && a->device.disc == b->device.disc &&
	    a->device.idle_penalty_ns == b->device.idle_penalty_ns &&
	    a->device.idle_thresh_ns == b->device.idle_thresh_ns &&
	    a->cpu.syscall_ns == b->cpu.syscall_ns &&
	    a->cpu.copy_ns == b->cpu.copy_ns &&
	    a->cpu.submit_ns == b->cpu.submit_ns &&
	    a->cpu.wake_ns == b->cpu.wake_ns);
}

/*
 * Record d again with the real writer (through /proc/self/fd, which the
 * writer opens with --force semantics) and parse the result:
 * it must be the same file to the millisecond.
 */
static void
round_trip(const struct demo *d)
{
	static char		 dir[4096];
	struct demo_writer	*w;
	struct demo		 e;
	const char		*err;
	char			 path[4200], *buf;
	uint64_t		 now = 0;
	off_t			 len;
	size_t			 i;
	int			 fd;

	/* The wall clock the writer sees: the sum of the delays. */
	for (i = 0; i < d->nitems; i++) {
		if (now > UINT64_MAX - d->items[i].delay_ns)
			return;	/* no clock runs for 584 years */
		now += d->items[i].delay_ns;
	}
	if (dir[0] == '\0') {
		/*
		 * One private directory for the whole run; the recording is
		 * a plain file in it that --force replaces each time (the
		 * writer never writes through a link, and a file that lost
		 * its name is a lost recording).
		 */
		snprintf(dir, sizeof dir, "%s/demo-fuzzer.XXXXXX",
		    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
		if (mkdtemp(dir) == NULL)
			abort();
	}
	snprintf(path, sizeof path, "%s/round-trip.demo", dir);
	now = 0;
	w = demo_writer_open(path, 1, &d->cfg, d->title, now, &err);
	CHECK(w != NULL);
	for (i = 0; i < d->nitems; i++) {
		now += d->items[i].delay_ns;
		if (d->items[i].kind == DEMO_CMD)
			CHECK(demo_writer_cmd(w, &d->items[i].cmd,
			    d->items[i].event, now) == 0);
		else
			CHECK(demo_writer_item(w, &d->items[i], now) == 0);
	}
	CHECK(demo_writer_count(w) == d->nitems);
	CHECK(demo_writer_close(w) == 0);
	demo_writer_free(w);

	if ((fd = open(path, O_RDONLY)) == -1 ||
	    (len = lseek(fd, 0, SEEK_END)) <= 0 ||
	    (buf = malloc((size_t)len)) == NULL ||
	    pread(fd, buf, (size_t)len, 0) != len)
		abort();
	close(fd);
	CHECK(demo_parse(&e, "again.demo", buf, (size_t)len) == 0);
	CHECK(e.minor == 0 && !e.truncated);
	CHECK((d->title == NULL) == (e.title == NULL));
	CHECK(d->title == NULL || strcmp(d->title, e.title) == 0);
	CHECK(same_config(&d->cfg, &e.cfg));
	CHECK(e.nitems == d->nitems);
	for (i = 0; i < d->nitems; i++) {
		const struct demo_item	*a = &d->items[i], *b = &e.items[i];

		CHECK(a->kind == b->kind && a->event == b->event);
		CHECK(b->delay_ns == writer_delay(a->delay_ns));
		if (a->kind == DEMO_CMD)
			CHECK(a->cmd.kind == b->cmd.kind &&
			    a->cmd.arg == b->cmd.arg);
		if (a->kind == DEMO_CAPTION || a->kind == DEMO_MARKER)
			CHECK(strcmp(a->text, b->text) == 0);
	}
	demo_free(&e);
	free(buf);
}

/* Parse one fuzzed file and check every contract. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char	 name[] = "fuzz.demo";
	struct demo		 d;
	const struct demo_item	*it;
	const char		*m;
	size_t			 i, lines = 1, errors = 0, warnings = 0;
	unsigned		 prev = 0;
	int			 rc;

	if (size > 1 << 16)
		return (0);
	for (i = 0; i < size; i++)
		if (data[i] == '\n')
			lines++;
	rc = demo_parse(&d, name, (const char *)data, size);
	CHECK(rc >= 0 && (size_t)rc == d.errors);
	CHECK(strcmp(d.name, name) == 0);

	for (i = 0; i < d.ndiags; i++) {
		m = d.diags[i].msg;
		CHECK(d.diags[i].line >= 1 && d.diags[i].line <= lines);
		CHECK(d.diags[i].col >= 1);
		CHECK(strncmp(m, name, sizeof name - 1) == 0 &&
		    m[sizeof name - 1] == ':');
		CHECK(strstr(m, d.diags[i].sev == DEMO_ERROR ? ": error: " :
		    ": warning: ") != NULL);
		CHECK(safe_text(m, 0));
		if (d.diags[i].sev == DEMO_ERROR)
			errors++;
		else
			warnings++;
	}
	CHECK(errors == d.errors && warnings == d.warnings);
	CHECK(d.errors > 0 || demo_replayable(&d));
	CHECK(!d.truncated || !demo_replayable(&d) || d.errors == 1);
	CHECK(!d.refused || d.nitems == 0);

	if (d.title != NULL)
		check_sanitize(d.title);
	for (i = 0; i < d.nitems; i++) {
		it = &d.items[i];
		CHECK(it->line > prev && it->line <= lines);
		prev = it->line;
		switch (it->kind) {
		case DEMO_CMD:
			CHECK(it->cmd.kind > CMD_NONE &&
			    it->cmd.kind < CMD_COUNT);
			CHECK(demo_cmd_name(it->cmd.kind) != NULL);
			break;
		case DEMO_CAPTION:
			CHECK(it->text != NULL);
			check_sanitize(it->text);
			break;
		case DEMO_MARKER:
			CHECK(it->text != NULL && strlen(it->text) >= 1 &&
			    strlen(it->text) <= DEMO_NAME_MAX &&
			    strspn(it->text, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "abcdefghijklmnopqrstuvwxyz0123456789_.-") ==
			    strlen(it->text));
			CHECK(demo_find_marker(&d, it->text) >= 0 &&
			    (size_t)demo_find_marker(&d, it->text) <= i);
			break;
		case DEMO_PAUSE:
			CHECK(it->text == NULL);
			break;
		default:
			CHECK(!"unknown item kind");
		}
	}
	if (d.errors == 0)
		round_trip(&d);
	demo_free(&d);
	return (0);
}
