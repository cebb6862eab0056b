/*
 * check_demo.c - the demo file format: good files, every error kind with
 * its file:line:column, version handling, a truncated last line, caption
 * escaping byte by byte, and writer -> parser round trips.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check-main.h"
#include "demo.h"

/* Parse a NUL-terminated text as file "t.demo". */
static int
parse(struct demo *d, const char *text)
{
	return (demo_parse(d, "t.demo", text, strlen(text)));
}

/* Is there a diagnostic starting with want (the position and severity)? */
static int
has_diag(const struct demo *d, const char *want)
{
	size_t	i;

	for (i = 0; i < d->ndiags; i++)
		if (strncmp(d->diags[i].msg, want, strlen(want)) == 0)
			return (1);
	return (0);
}

START_TEST(good_file)
{
	struct demo	d;

	ck_assert_int_eq(parse(&d,
	    "raviz-demo 1\n"
	    "# comment\n"
	    "\n"
	    "title \"A \\\"quoted\\\" title \\u{2603}\"\n"
	    "set device hdd\n"
	    "set bs 64k\n"
	    "set bandwidth 200\n"
	    "set mode fixed\r\n"
	    "  @0 +0ms caption \"hello\"\n"
	    "@0 +1.5s play\n"
	    "@12 +850ms stop\n"
	    "@12\t+0ms\tstep 5\n"
	    "@17 +0ms mode legacy\n"
	    "@17 +0ms marker T1.a_b-c\n"
	    "@17 +2s pause\n"
	    "@17 +0ms jump T3\n"), 0);
	ck_assert_uint_eq(d.ndiags, 0);
	ck_assert_str_eq(d.title, "A \"quoted\" title \xe2\x98\x83");
	ck_assert_uint_eq(d.cfg.read_pages, 16);
	ck_assert_int_eq(d.cfg.mode, SIM_MODE_FIXED);
	ck_assert_str_eq(d.cfg.device.name, "custom");
	ck_assert_uint_eq(d.cfg.device.bandwidth, 200000000);
	ck_assert_int_eq(d.cfg.device.disc, SIM_DISC_FIFO);
	ck_assert_uint_eq(d.nitems, 8);
	ck_assert_int_eq(d.items[0].kind, DEMO_CAPTION);
	ck_assert_str_eq(d.items[0].text, "hello");
	ck_assert_int_eq(d.items[1].cmd.kind, CMD_PLAY);
	ck_assert_uint_eq(d.items[1].delay_ns, 1500000000u);
	ck_assert_int_eq(d.items[2].cmd.kind, CMD_PAUSE);
	ck_assert_uint_eq(d.items[2].event, 12);
	ck_assert_int_eq(d.items[3].cmd.kind, CMD_STEP);
	ck_assert_int_eq(d.items[3].cmd.arg, 5);
	ck_assert_int_eq(d.items[4].cmd.kind, CMD_MODE);
	ck_assert_int_eq(d.items[4].cmd.arg, SIM_MODE_LEGACY);
	ck_assert_int_eq(d.items[5].kind, DEMO_MARKER);
	ck_assert_str_eq(d.items[5].text, "T1.a_b-c");
	ck_assert_int_eq(d.items[6].kind, DEMO_PAUSE);
	ck_assert_int_eq(d.items[7].cmd.arg, 3);
	ck_assert_uint_eq(d.items[7].line, 16);
	ck_assert_int_eq(demo_find_marker(&d, "T1.a_b-c"), 5);
	ck_assert_int_eq(demo_find_marker(&d, "nope"), -1);
	ck_assert(demo_replayable(&d));
	demo_free(&d);
}
END_TEST

/* One bad line each: the diagnostic's position and its words. */
static const struct {
	const char	*line;
	const char	*want;
	const char	*words;
} bad[] = {
	{ "set bs 12Q", "t.demo:2:8: error: ", "set bs" },
	{ "set bs", "t.demo:2:7: error: ", "expected a value" },
	{ "set colour blue", "t.demo:2:5: error: ", "expected a scenario option" },
	{ "set bs 1M extra", "t.demo:2:11: error: ", "expected the end" },
	{ "set", "t.demo:2:4: error: ", "expected a scenario option name" },
	{ "title nope", "t.demo:2:7: error: ", "expected a quoted text" },
	{ "frobnicate", "t.demo:2:1: error: ", "expected '@EVENT'" },
	{ "@", "t.demo:2:2: error: ", "expected an event number" },
	{ "@x +1s play", "t.demo:2:2: error: ", "expected an event number" },
	{ "@1", "t.demo:2:3: error: ", "expected a delay" },
	{ "@1 1s play", "t.demo:2:4: error: ", "expected a delay" },
	{ "@1 +soon play", "t.demo:2:5: error: ", "expected a delay" },
	{ "@1 +1s", "t.demo:2:7: error: ", "expected a command, 'caption'" },
	{ "@1 +1s dance", "t.demo:2:8: error: ", "expected a command" },
	{ "@1 +1s step x", "t.demo:2:13: error: ", "step:" },
	{ "@1 +1s jump 9", "t.demo:2:13: error: ", "jump:" },
	{ "@1 +1s mode broken", "t.demo:2:13: error: ", "mode:" },
	{ "@1 +1s play now", "t.demo:2:13: error: ", "play:" },
	{ "@1 +1s stop now", "t.demo:2:13: error: ", "expected the end" },
	{ "@1 +1s pause 3", "t.demo:2:14: error: ", "expected the end" },
	{ "@1 +1s marker", "t.demo:2:14: error: ", "expected a marker name" },
	{ "@1 +1s marker a/b", "t.demo:2:15: error: ", "expected a marker name" },
	{ "@1 +1s caption hi", "t.demo:2:16: error: ", "expected a quoted" },
	{ "@1 +1s caption \"open", "t.demo:2:21: error: ", "expected a closing" },
	{ "@1 +1s caption \"a\" b", "t.demo:2:20: error: ", "expected the end" },
	{ "@1 +1s caption \"\\q\"", "t.demo:2:17: error: ", "after the backslash" },
	{ "@1 +1s caption \"\\x4\"", "t.demo:2:17: error: ", "two hex digits" },
	{ "@1 +1s caption \"\\x00\"", "t.demo:2:17: error: ", "\\x00 is not" },
	{ "@1 +1s caption \"\\u{d800}\"", "t.demo:2:17: error: ", "\\u{HEX}" },
	{ "@1 +1s caption \"\\u{110000}\"", "t.demo:2:17: error: ", "\\u{HEX}" },
	{ "@1 +1s caption \"\\u41\"", "t.demo:2:17: error: ", "\\u{HEX}" },
	{ "@1 +1s caption \"\xc3\xa9\x1b\"", "t.demo:2:18: error: ", "control byte 0x1b" },
	{ "@1 +1s caption \"\xff\"", "t.demo:2:17: error: ", "invalid UTF-8" },
	{ "@1 +1s caption \"\xc0\xaf\"", "t.demo:2:17: error: ", "invalid UTF-8" },
	/* Found by demo-fuzzer: C1 controls and bidi overrides quoted raw. */
	{ "\xc2\x9at device report", "t.demo:2:1: error: ", "not '\\xc2\\x9at'" },
	{ "@1 +1s \xe2\x80\xae" "dance", "t.demo:2:8: error: ",
	    "not '\\xe2\\x80\\xaedance'" },
	{ "set \xc2\x9b" "31m 1", "t.demo:2:5: error: ",
	    "not '\\xc2\\x9b31m'" },
};

START_TEST(bad_line)
{
	struct demo	d;
	char		text[256];

	snprintf(text, sizeof text, "raviz-demo 1\n%s\n@0 +0ms play\n",
	    bad[_i].line);
	ck_assert_int_eq(parse(&d, text), 1);
	ck_assert_uint_eq(d.ndiags, 1);
	ck_assert_msg(strncmp(d.diags[0].msg, bad[_i].want,
	    strlen(bad[_i].want)) == 0, "%s: got %s", bad[_i].line,
	    d.diags[0].msg);
	ck_assert_msg(strstr(d.diags[0].msg, bad[_i].words) != NULL,
	    "%s: got %s", bad[_i].line, d.diags[0].msg);
	/* The other lines still count. */
	ck_assert_uint_eq(d.nitems, 1);
	ck_assert(!demo_replayable(&d));
	demo_free(&d);
}
END_TEST

/* A diagnostic quoting a long word: cut between characters, marked. */
START_TEST(diag_long_word)
{
	struct demo	 d;
	char		 text[4096];
	size_t		 i, n;

	n = (size_t)snprintf(text, sizeof text, "raviz-demo 1\n");
	for (i = 0; i < 600; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "\xc3\xa9");
	snprintf(text + n, sizeof text - n, "\n");
	ck_assert_int_eq(parse(&d, text), 1);
	n = strlen(d.diags[0].msg);
	ck_assert_uint_lt(n, 600);
	ck_assert_str_eq(d.diags[0].msg + n - 5, "\xc3\xa9...");
	ck_assert_ptr_null(strchr(d.diags[0].msg, '\\'));
	demo_free(&d);
}
END_TEST

/*
 * Found by demo-fuzzer: a delay within half a millisecond of the largest
 * one wrapped to "+0ms" when rounded; it must write back as itself.
 */
START_TEST(format_huge_delay)
{
	struct demo	 d, e;
	char		 line[128], file[160];

	ck_assert_int_eq(parse(&d, "raviz-demo 1\n"
	    "@7 +18446744073709551us play\n@7 +1499999ns stop\n"
	    "@7 +1500000ns stop\n"), 0);
	demo_format_item(line, sizeof line, &d.items[0]);
	ck_assert_str_eq(line, "@7 +18446744073709ms play");
	snprintf(file, sizeof file, "raviz-demo 1\n%s\n", line);
	ck_assert_int_eq(parse(&e, file), 0);
	ck_assert_uint_eq(e.items[0].delay_ns, UINT64_C(18446744073709000000));
	demo_free(&e);
	demo_format_item(line, sizeof line, &d.items[1]);
	ck_assert_str_eq(line, "@7 +1ms stop");
	demo_format_item(line, sizeof line, &d.items[2]);
	ck_assert_str_eq(line, "@7 +2ms stop");
	demo_free(&d);
}
END_TEST

START_TEST(every_problem)
{
	struct demo	d;

	ck_assert_int_eq(parse(&d, "raviz-demo 1\nset bs 0\n@0 +0ms play\n"
	    "@q +0ms play\nset ra 4k\ntitle \"a\"\ntitle \"b\"\n"), 5);
	ck_assert(has_diag(&d, "t.demo:2:8: error: set bs"));
	ck_assert(has_diag(&d, "t.demo:4:2: error:"));
	ck_assert(has_diag(&d, "t.demo:5:1: error: 'set' lines belong"));
	ck_assert(has_diag(&d, "t.demo:6:1: error: the title belongs"));
	ck_assert(has_diag(&d, "t.demo:7:1: error: the title belongs"));
	demo_free(&d);
}
END_TEST

START_TEST(version)
{
	struct demo	d;

	ck_assert_int_eq(parse(&d, "raviz-demo 2\n@0 +0ms hologram\n"), 1);
	ck_assert(d.refused);
	ck_assert(has_diag(&d, "t.demo:1:12: error: this file is raviz-demo "
	    "version 2"));
	ck_assert_uint_eq(d.ndiags, 1);
	ck_assert(!demo_replayable(&d));
	demo_free(&d);

	ck_assert_int_eq(parse(&d, "raviz-demo 1.4\nset turbo on\n"
	    "@0 +0ms hologram\n@0 +0ms play\n"), 0);
	ck_assert_uint_eq(d.minor, 4);
	ck_assert_uint_eq(d.warnings, 3);
	ck_assert(has_diag(&d, "t.demo:1:12: warning: this file is raviz-demo "
	    "1.4"));
	ck_assert(has_diag(&d, "t.demo:2:5: warning: unknown scenario option "
	    "'turbo'"));
	ck_assert(has_diag(&d, "t.demo:3:9: warning: unknown command "
	    "'hologram'"));
	ck_assert_uint_eq(d.nitems, 1);
	ck_assert(demo_replayable(&d));
	demo_free(&d);
}
END_TEST

/* Files with one error: the text and the diagnostic (NULL: any). */
static const struct {
	const char	*text, *diag;
} one_error[] = {
	/* The items that version 1.4 warns about are errors in 1.0. */
	{ "raviz-demo 1\n@0 +0ms hologram\n", NULL },
	{ "raviz-demo\n", "t.demo:1:11: error: expected a version" },
	{ "raviz-demo one\n", NULL },
	{ "# raviz-demo 1\n", "t.demo:1:1: error: expected 'raviz-demo 1'" },
	{ "", "t.demo:1:1: error: empty file" },
};

START_TEST(version_one_error)
{
	struct demo	d;

	size_t		i;

	for (i = 0; i < sizeof one_error / sizeof one_error[0]; i++) {
		ck_assert_msg(parse(&d, one_error[i].text) == 1,
		    "one error in file %zu", i);
		if (one_error[i].diag != NULL)
			ck_assert(has_diag(&d, one_error[i].diag));
		demo_free(&d);
	}
}
END_TEST

START_TEST(truncated)
{
	struct demo	d;

	ck_assert_int_eq(parse(&d, "raviz-demo 1\n@0 +0ms play\n@4 +85"), 1);
	ck_assert(d.truncated);
	ck_assert(has_diag(&d, "t.demo:3:7: error: truncated line"));
	ck_assert_uint_eq(d.nitems, 1);
	ck_assert(demo_replayable(&d));
	demo_free(&d);
	/* A truncated line plus another error: not replayable. */
	ck_assert_int_eq(parse(&d, "raviz-demo 1\n@x +0ms play\n@4"), 2);
	ck_assert(!demo_replayable(&d));
	demo_free(&d);
}
END_TEST

START_TEST(round_trip_text)
{
	static const char *const texts[] = {
		"", "plain", "quote \" and \\ backslash", "\x1b[31mred\x07",
		"\xff\xc3", "caf\xc3\xa9 \xe2\x98\x83", "\t\r\x01\x7f",
	};
	struct demo	 d;
	char		 q[256], file[512];
	size_t		 i;

	for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		ck_assert_uint_lt(demo_quote(q, sizeof q, texts[i]), sizeof q);
		snprintf(file, sizeof file, "raviz-demo 1\ntitle %s\n"
		    "@0 +0ms caption %s\n", q, q);
		ck_assert_msg(parse(&d, file) == 0, "%s", file);
		ck_assert_str_eq(d.title, texts[i]);
		ck_assert_str_eq(d.items[0].text, texts[i]);
		demo_free(&d);
	}
	/* snprintf-like: the length needed even when it does not fit. */
	ck_assert_uint_eq(demo_quote(q, 3, "abcdef"), 8);
	ck_assert_str_eq(q, "\"a");
}
END_TEST

/* Read a whole file into a malloc'd buffer. */
static char *
slurp(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "r");
	char	*b = malloc(65536);

	ck_assert_ptr_nonnull(f);
	*len = fread(b, 1, 65536, f);
	fclose(f);
	return (b);
}

START_TEST(writer_round_trip)
{
	static const enum cmd_kind kinds[] = {
		CMD_PLAY, CMD_PAUSE, CMD_PLAYPAUSE, CMD_STEP, CMD_BACK,
		CMD_FASTER, CMD_SLOWER, CMD_SPEED, CMD_JUMP, CMD_START,
		CMD_END, CMD_GOTO, CMD_PLUG, CMD_MODE, CMD_CYCLE, CMD_COMPARE,
		CMD_RESTART, CMD_ZOOM_IN, CMD_ZOOM_OUT, CMD_HELP
	};
	struct sim_config	 cfg;
	struct demo_writer	*w;
	struct demo		 d;
	struct demo_item	 it;
	struct cmd		 c;
	const char		*err;
	char			 path[] = "/tmp/check_demo_XXXXXX", *buf;
	size_t			 i, len, n = sizeof kinds / sizeof kinds[0];
	int			 fd;

	fd = mkstemp(path);
	ck_assert_int_ne(fd, -1);
	close(fd);
	sim_config_default(&cfg);
	cfg.mode = SIM_MODE_LEGACY;
	cfg.read_pages = 16;
	cfg.device = *sim_preset_find("hdd");
	cfg.device.idle_penalty_ns = 8330000;
	cfg.device.name = "custom";
	cfg.cpu.copy_ns = 1500;

	/* O_EXCL: an existing file is refused without force. */
	ck_assert_ptr_null(demo_writer_open(path, 0, &cfg, NULL, 0, &err));
	ck_assert_ptr_nonnull(strstr(err, "--force"));
	w = demo_writer_open(path, 1, &cfg, "t\x1bitle", 1000, &err);
	ck_assert_ptr_nonnull(w);
	for (i = 0; i < n; i++) {
		c.kind = kinds[i];
		c.arg = kinds[i] == CMD_JUMP ? 4 : kinds[i] == CMD_MODE ?
		    SIM_MODE_FIXED : cmd_has_arg(kinds[i]) ? (int64_t)i + 1 : 0;
		ck_assert_int_eq(demo_writer_cmd(w, &c, 10 * i,
		    1000 + 250000000 * (i + 1)), 0);
	}
	memset(&it, 0, sizeof it);
	it.kind = DEMO_CAPTION;
	it.text = (char *)(uintptr_t)"a \"caption\" \x1b";
	it.event = 7;
	ck_assert_int_eq(demo_writer_item(w, &it, 1000 + 250000000 * (n + 3)),
	    0);
	ck_assert_uint_eq(demo_writer_count(w), n + 1);
	ck_assert_int_eq(demo_writer_close(w), 0);
	ck_assert_ptr_null(demo_writer_error(w));
	demo_writer_free(w);

	buf = slurp(path, &len);
	ck_assert_int_eq(demo_parse(&d, path, buf, len), 0);
	ck_assert_uint_eq(d.ndiags, 0);
	ck_assert_str_eq(d.title, "t\x1bitle");
	ck_assert_int_eq(d.cfg.mode, SIM_MODE_LEGACY);
	ck_assert_uint_eq(d.cfg.read_pages, 16);
	ck_assert_uint_eq(d.cfg.device.bandwidth, cfg.device.bandwidth);
	ck_assert_uint_eq(d.cfg.device.idle_penalty_ns, 8330000);
	ck_assert_int_eq(d.cfg.device.disc, SIM_DISC_FIFO);
	ck_assert_uint_eq(d.cfg.cpu.copy_ns, 1500);
	ck_assert_uint_eq(d.nitems, n + 1);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(d.items[i].kind, DEMO_CMD);
		ck_assert_int_eq(d.items[i].cmd.kind, kinds[i]);
		ck_assert_uint_eq(d.items[i].event, 10 * i);
		ck_assert_uint_eq(d.items[i].delay_ns, 250000000);
	}
	ck_assert_int_eq(d.items[3].cmd.arg, 4);
	ck_assert_int_eq(d.items[8].cmd.arg, 4);
	ck_assert_int_eq(d.items[13].cmd.arg, SIM_MODE_FIXED);
	ck_assert_str_eq(d.items[n].text, "a \"caption\" \x1b");
	ck_assert_uint_eq(d.items[n].delay_ns, 750000000);
	ck_assert_ptr_nonnull(strstr(buf, "\n@10 +250ms stop\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\n# end of recording: 21 items\n"));
	demo_free(&d);
	free(buf);
	unlink(path);
}
END_TEST

START_TEST(writer_error)
{
	struct sim_config	 cfg;
	struct demo_writer	*w;
	struct cmd		 c = { CMD_PLAY, 0 };
	const char		*err;

	sim_config_default(&cfg);
	/* An unwritable place: a clear error, no file. */
	ck_assert_ptr_null(demo_writer_open("/nonexistent/dir/x.demo", 0,
	    &cfg, NULL, 0, &err));
	ck_assert_str_eq(err, "No such file or directory");
	/* /dev/full: a device, never written, even with --force. */
	if (access("/dev/full", W_OK) == 0) {
		w = demo_writer_open("/dev/full", 1, &cfg, NULL, 0, &err);
		ck_assert_ptr_null(w);
		ck_assert_ptr_nonnull(strstr(err, "a device is in the way"));
		/* It existed: a refusal must not unlink it (root!). */
		ck_assert_int_eq(access("/dev/full", W_OK), 0);
	}
	(void)c;
}
END_TEST

/* Set the soft file-size limit (RLIM_INFINITY: back to the hard one). */
static void
fsize_limit(rlim_t n)
{
	struct rlimit	rl;

	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &rl), 0);
	rl.rlim_cur = n == RLIM_INFINITY ? rl.rlim_max : n;
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
}

/* The size of the file at path. */
static off_t
fsize(const char *path)
{
	struct stat	sb;

	ck_assert_int_eq(stat(path, &sb), 0);
	return (sb.st_size);
}

/*
 * A disk that fills up (RLIMIT_FSIZE, SIGXFSZ ignored): while writing the
 * header the new file is removed again; in the middle of a session the file
 * is cut back to its last complete line, with the reason as a comment when
 * that still fits, and it parses without errors.
 */
START_TEST(writer_disk_full)
{
	struct sim_config	 cfg;
	struct demo_writer	*w;
	struct demo		 d;
	struct demo_item	 it;
	struct cmd		 c = { CMD_STEP, 1 };
	const char		*err;
	char			 dir[] = "/tmp/check_demo_XXXXXX", path[64];
	char			*buf, *longcap, note[128];
	size_t			 len;
	off_t			 good;
	int			 room;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/rec.demo", dir);
	signal(SIGXFSZ, SIG_IGN);
	sim_config_default(&cfg);

	/* The header does not fit: an error, and no file left behind. */
	fsize_limit(64);
	ck_assert_ptr_null(demo_writer_open(path, 0, &cfg, NULL, 0, &err));
	fsize_limit(RLIM_INFINITY);
	ck_assert_str_eq(err, strerror(EFBIG));
	ck_assert_int_eq(access(path, F_OK), -1);

	for (room = 10; room <= 100; room += 90) {
		/* 10 bytes: not even the note fits; 100: the note does. */
		w = demo_writer_open(path, 1, &cfg, NULL, 0, &err);
		ck_assert_ptr_nonnull(w);
		ck_assert_int_eq(demo_writer_cmd(w, &c, 1, 1000000), 0);
		ck_assert_int_eq(demo_writer_cmd(w, &c, 2, 2000000), 0);
		good = fsize(path);
		fsize_limit((rlim_t)good + (rlim_t)room);
		memset(&it, 0, sizeof it);
		it.kind = DEMO_CAPTION;
		it.event = 2;
		longcap = malloc(300);
		memset(longcap, 'x', 299);
		longcap[299] = '\0';
		it.text = longcap;
		ck_assert_int_eq(demo_writer_item(w, &it, 3000000), -1);
		free(longcap);
		ck_assert_ptr_nonnull(demo_writer_error(w));
		ck_assert_str_eq(demo_writer_error(w), strerror(EFBIG));
		/* Refused from now on, even what would fit. */
		ck_assert_int_eq(demo_writer_cmd(w, &c, 3, 4000000), -1);
		ck_assert_int_eq(demo_writer_close(w), -1);
		demo_writer_free(w);
		fsize_limit(RLIM_INFINITY);

		buf = slurp(path, &len);
		if (room == 10)
			ck_assert_uint_eq(len, (size_t)good);
		else {
			buf[len] = '\0';
			snprintf(note, sizeof note, "# recording stopped "
			    "here: write error: %s\n", strerror(EFBIG));
			ck_assert_str_eq(buf + good, note);
		}
		ck_assert_int_eq(buf[len - 1], '\n');
		ck_assert_int_eq(demo_parse(&d, path, buf, len), 0);
		ck_assert_uint_eq(d.nitems, 2);
		ck_assert_uint_eq(d.items[1].event, 2);
		demo_free(&d);
		free(buf);
	}
	unlink(path);
	rmdir(dir);
	signal(SIGXFSZ, SIG_DFL);
}
END_TEST

/*
 * Recording edge cases (issue 13 item 10, issue 22 item 4): a symlink,
 * dangling or not, is refused even with --force and never written
 * through; a second recorder on the same file is refused while the first
 * holds it; a file deleted during the session (its directory removed)
 * makes the close fail.
 */
START_TEST(writer_edges)
{
	struct sim_config	 cfg;
	struct demo_writer	*w, *w2;
	struct stat		 sb;
	const char		*err;
	char			 dir[] = "/tmp/check_demo_XXXXXX";
	char			 path[64], target[64], sub[64], gone[80];
	char			*buf;
	size_t			 len;
	int			 fd, force;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/rec.demo", dir);
	snprintf(target, sizeof target, "%s/target", dir);
	sim_config_default(&cfg);

	/* A symlink to another file: refused, the target untouched. */
	fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "keep\n", 5), 5);
	close(fd);
	ck_assert_int_eq(symlink("target", path), 0);
	for (force = 0; force < 2; force++) {
		ck_assert_ptr_null(demo_writer_open(path, force, &cfg, NULL, 0,
		    &err));
		ck_assert_ptr_nonnull(strstr(err, "symbolic link"));
	}
	buf = slurp(target, &len);
	ck_assert_uint_eq(len, 5);
	ck_assert_int_eq(memcmp(buf, "keep\n", 5), 0);
	free(buf);
	ck_assert_int_eq(lstat(path, &sb), 0);
	ck_assert(S_ISLNK(sb.st_mode));
	unlink(path);

	/* A dangling symlink: named as a link, nothing made where it points. */
	ck_assert_int_eq(symlink("nowhere", path), 0);
	for (force = 0; force < 2; force++) {
		ck_assert_ptr_null(demo_writer_open(path, force, &cfg, NULL, 0,
		    &err));
		ck_assert_ptr_null(strstr(err, "the file exists"));
		ck_assert_ptr_nonnull(strstr(err, "symbolic link"));
	}
	snprintf(gone, sizeof gone, "%s/nowhere", dir);
	ck_assert_int_eq(access(gone, F_OK), -1);
	unlink(path);

	/* A FIFO with no reader: refused without blocking, even --force. */
	ck_assert_int_eq(mkfifo(path, 0644), 0);
	for (force = 0; force < 2; force++) {
		ck_assert_ptr_null(demo_writer_open(path, force, &cfg, NULL, 0,
		    &err));
		ck_assert_ptr_nonnull(strstr(err, "a FIFO is in the way"));
	}
	ck_assert_int_eq(lstat(path, &sb), 0);
	ck_assert(S_ISFIFO(sb.st_mode));
	unlink(path);

	w = demo_writer_open(path, 0, &cfg, NULL, 0, &err);
	ck_assert_ptr_nonnull(w);

	/* A second recorder on the same file, even with --force: refused. */
	w2 = demo_writer_open(path, 1, &cfg, NULL, 0, &err);
	ck_assert_ptr_null(w2);
	ck_assert_ptr_nonnull(strstr(err, "another raviz"));
	ck_assert_int_eq(demo_writer_close(w), 0);
	demo_writer_free(w);
	/* Once the first has closed, it may be replaced. */
	w = demo_writer_open(path, 1, &cfg, NULL, 0, &err);
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(demo_writer_close(w), 0);
	demo_writer_free(w);
	unlink(path);
	unlink(target);

	/* The directory deleted during the session: the close says so. */
	snprintf(sub, sizeof sub, "%s/sub", dir);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	snprintf(path, sizeof path, "%s/rec.demo", sub);
	w = demo_writer_open(path, 0, &cfg, NULL, 0, &err);
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(rmdir(sub), 0);
	ck_assert_int_eq(demo_writer_close(w), -1);
	ck_assert_ptr_nonnull(demo_writer_error(w));
	ck_assert_ptr_nonnull(strstr(demo_writer_error(w), "deleted"));
	demo_writer_free(w);
	rmdir(dir);
}
END_TEST

START_TEST(scenario_format)
{
	struct sim_config	cfg;
	char			buf[1024];

	sim_config_default(&cfg);
	demo_format_scenario(buf, sizeof buf, &cfg);
	ck_assert_str_eq(buf, "set mode buggy\nset bs 1M\nset ra 128k\n"
	    "set file-size 64M\nset source raw\nset device report\n");
	cfg.device = *sim_preset_find("nvme");
	cfg.ra_pages = 256;
	cfg.device.qd = 64;
	demo_format_scenario(buf, sizeof buf, &cfg);
	ck_assert_str_eq(buf, "set mode buggy\nset bs 1M\nset ra 1M\n"
	    "set file-size 64M\nset source raw\nset device nvme\nset qd 64\n");
	/* Like snprintf: the length even when it does not fit. */
	ck_assert_uint_eq(demo_format_scenario(buf, 4, &cfg),
	    strlen("set mode buggy\nset bs 1M\nset ra 1M\nset file-size 64M\n"
	    "set source raw\nset device nvme\nset qd 64\n"));
}
END_TEST

/* The suite. */
CHECK_SUITE("demo", CHECK_CASE("format", 0), CHECK_TEST(good_file),
    CHECK_LOOP(bad_line, CHECK_N(bad)), CHECK_TEST(diag_long_word),
    CHECK_TEST(format_huge_delay), CHECK_TEST(every_problem),
    CHECK_TEST(version), CHECK_TEST(version_one_error), CHECK_TEST(truncated),
    CHECK_TEST(round_trip_text), CHECK_TEST(writer_round_trip),
    CHECK_TEST(writer_error), CHECK_TEST(writer_disk_full),
    CHECK_TEST(writer_edges), CHECK_TEST(scenario_format))
