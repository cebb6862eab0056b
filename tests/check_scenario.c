/*
 * check_scenario.c - the scenario table: for every option and several
 * values each, the command line, the demo writer and the demo parser agree
 * (format then parse gives back the same configuration), and --help lists
 * every option within 80 columns.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "demo.h"
#include "fmt.h"
#include "opts.h"
#include "scenario.h"

/* Values to try for an option of each type ("" ends a list). */
static const char *const modes[] = { "buggy", "fixed", "legacy", "modern",
	"" };
static const char *const scheds[] = { "none", "mq-deadline", "" };
static const char *const sources[] = { "raw", "file", "" };
static const char *const discs[] = { "fifo", "rr", "" };
static const char *const sizes[] = { "4k", "12k", "1M", "3M", "256M", "" };
static const char *const times[] = { "1ns", "1500ns", "3ms", "2s",
	"1234567ns", "" };
static const char *const rates[] = { "270M", "1500k", "3G", "12345", "" };
static const char *const counts[] = { "1", "2", "7", "", "" };

/* Every field of two configurations is the same (per the table). */
static void
same(const struct sim_config *a, const struct sim_config *b, const char *ctx)
{
	const struct scenario_opt	*so;
	char				 x[64], y[64];
	size_t				 i;

	for (i = 0; i < scenario_nopts; i++) {
		so = &scenario_opts[i];
		scenario_format(so, a, x, sizeof x);
		scenario_format(so, b, y, sizeof y);
		ck_assert_msg(scenario_equal(so, a, b), "%s: %s is %s, "
		    "then %s", ctx, so->name, x, y);
	}
	ck_assert_str_eq(a->device.name, b->device.name);
}

/* The command line with one option set. */
static int
cmdline(struct opts *o, const char *name, const char *value)
{
	char	 arg[128], prog[] = "raviz";
	char	*argv[3] = { prog, arg, NULL };

	snprintf(arg, sizeof arg, "--%s=%s", name, value);
	return (opts_parse(o, 2, argv));
}

/*
 * c written as a demo file's scenario block and parsed back: the same
 * configuration, no diagnostics.
 */
static void
roundtrip(const struct sim_config *c, const char *ctx)
{
	struct demo	 d;
	char		 buf[4096];
	size_t		 n;

	n = (size_t)snprintf(buf, sizeof buf, "raviz-demo 1\n");
	n += demo_format_scenario(buf + n, sizeof buf - n, c);
	ck_assert_uint_lt(n, sizeof buf);
	ck_assert_int_eq(demo_parse(&d, "t.demo", buf, n), 0);
	ck_assert_msg(d.ndiags == 0, "%s: %s", ctx,
	    d.ndiags ? d.diags[0].msg : "");
	same(c, &d.cfg, ctx);
	demo_free(&d);
}

/* The values to try for option so. */
static void
values(const struct scenario_opt *so, const char *const **out,
    char (*own)[32], const char **list)
{
	size_t	i, n = 0;

	switch (so->type) {
	case SCENARIO_MODE:
		*out = modes;
		return;
	case SCENARIO_SOURCE:
		*out = sources;
		return;
	case SCENARIO_DISC:
		*out = discs;
		return;
	case SCENARIO_SCHED:
		*out = scheds;
		return;
	case SCENARIO_DEVICE:
		for (i = 0; i < sim_preset_count() && n < 7; i++)
			list[n++] = sim_preset(i)->name;
		break;
	case SCENARIO_PAGES:
		for (i = 0; sizes[i][0] != '\0'; i++)
			list[n++] = sizes[i];
		break;
	case SCENARIO_DURATION:
		*out = times;
		return;
	case SCENARIO_RATE:
		*out = rates;
		return;
	case SCENARIO_COUNT:
		for (i = 0; counts[i][0] != '\0'; i++)
			list[n++] = counts[i];
		/* The limits themselves. */
		snprintf(own[0], sizeof own[0], "%llu",
		    (unsigned long long)so->max);
		list[n++] = own[0];
		break;
	}
	list[n] = "";
	*out = list;
}

/* Format then parse gives back the configuration, for every option. */
START_TEST(test_every_option)
{
	const struct scenario_opt	*so = &scenario_opts[_i];
	const char *const		*vals;
	const char			*list[16];
	char				 own[1][32], v[64], ctx[128];
	struct opts			 o, back;
	size_t				 i;

	values(so, &vals, own, list);
	for (i = 0; vals[i][0] != '\0'; i++) {
		snprintf(ctx, sizeof ctx, "--%s=%s", so->name, vals[i]);
		ck_assert_msg(cmdline(&o, so->name, vals[i]) == 0, "%s: %s",
		    ctx, o.err);
		/* The value alone, through the command line again. */
		scenario_format(so, &o.cfg, v, sizeof v);
		ck_assert_msg(cmdline(&back, so->name, v) == 0, "%s: %s",
		    ctx, back.err);
		same(&o.cfg, &back.cfg, ctx);
		/* The whole scenario, through a demo file. */
		roundtrip(&o.cfg, ctx);
	}
}
END_TEST

/*
 * Issue 13 item 12: a --plug-limit=1 session recorded and read back keeps
 * its plug limit (it was not written, and `set plug-limit` was refused).
 */
START_TEST(test_plug_limit)
{
	struct opts	 o;
	struct demo	 d;
	char		 buf[2048];
	size_t		 n;
	static const char file[] = "raviz-demo 1\nset plug-limit 1\n";

	ck_assert_int_eq(cmdline(&o, "plug-limit", "1"), 0);
	ck_assert_uint_eq(o.cfg.plug_limit, 1);
	n = demo_format_scenario(buf, sizeof buf, &o.cfg);
	ck_assert_uint_lt(n, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "set plug-limit 1\n"));
	ck_assert_int_eq(demo_parse(&d, "t.demo", file, sizeof file - 1), 0);
	ck_assert_uint_eq(d.cfg.plug_limit, 1);
	demo_free(&d);
}
END_TEST

/* Every option at once, on a custom device. */
START_TEST(test_all_at_once)
{
	static const char *const args[] = {
		"raviz", "--mode=legacy", "--bs=12k", "--ra=64k",
		"--file-size=3M", "--source=file", "--device=hdd",
		"--bandwidth=1500k", "--latency=7us", "--qd=3",
		"--discipline=fifo", "--idle-penalty=2ms", "--idle-threshold=5ms",
		"--cpu-copy=11ns", "--cpu-submit=13ns", "--cpu-syscall=17ns",
		"--cpu-wake=19ns", "--max-request=64k", "--max-segments=33",
		"--folio-order=4", "--scheduler=mq-deadline", "--plug-limit=5",
		"--unplug-thresh=9", "--unplug-delay=4ms"
	};
	struct opts	 o;
	size_t		 i;

	ck_assert_uint_eq(sizeof args / sizeof args[0], scenario_nopts + 1);
	ck_assert_msg(opts_parse(&o, (int)(sizeof args / sizeof args[0]),
	    (char **)(uintptr_t)args) == 0, "%s", o.err);
	ck_assert_str_eq(o.cfg.device.name, "custom");
	/* Each option really moved its field off the default. */
	for (i = 0; i < scenario_nopts; i++) {
		struct opts	 def;
		char		*argv[1] = { (char *)(uintptr_t)args[0] };

		ck_assert_int_eq(opts_parse(&def, 1, argv), 0);
		ck_assert_msg(!scenario_equal(&scenario_opts[i], &o.cfg,
		    &def.cfg), "%s is still the default",
		    scenario_opts[i].name);
	}
	roundtrip(&o.cfg, "all at once");
}
END_TEST

/* --help lists every option, each line within 80 columns. */
START_TEST(test_help)
{
	const char	*u = opts_usage(), *p, *nl;
	char		 want[64];
	size_t		 i;

	for (i = 0; i < scenario_nopts; i++) {
		snprintf(want, sizeof want, "  --%s=%s", scenario_opts[i].name,
		    scenario_opts[i].arg);
		ck_assert_msg(strstr(u, want) != NULL, "--help lacks %s", want);
	}
	for (p = u; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		ck_assert_ptr_nonnull(nl);
		ck_assert_msg(nl - p <= 80, "--help line of %d columns: %.*s",
		    (int)(nl - p), (int)(nl - p), p);
	}
}
END_TEST

/* Bad values name the option and the limit. */
START_TEST(test_bad_values)
{
	struct opts	 o;

	ck_assert_int_eq(cmdline(&o, "plug-limit", "0"), -1);
	ck_assert_ptr_nonnull(strstr(o.err, "--plug-limit: "));
	ck_assert_ptr_nonnull(strstr(o.err, "(1 to 1000000)"));
	ck_assert_int_eq(cmdline(&o, "max-request", "512M"), -1);
	ck_assert_str_eq(o.err, "--max-request: '512M': at most 256M");
	ck_assert_int_eq(cmdline(&o, "mode", "\x1b[2J"), -1);
	ck_assert_ptr_null(strchr(o.err, '\x1b'));
	ck_assert_int_eq(cmdline(&o, "device", "floppy"), -1);
	ck_assert_str_eq(o.err,
	    "--device: unknown profile 'floppy' (try --list-devices)");
}
END_TEST

/* Found by opts-fuzzer: the error's text is whole printable UTF-8. */
START_TEST(test_err_printable)
{
	struct opts	 o;
	char		 a1[] = "-until=T4-ls=1\1771\177", a2[300], prog[] = "raviz";
	char		*argv[3] = { prog, a1, NULL };
	size_t		 i, k, n;

	/* One dash short, with control bytes: the suggestion is escaped. */
	ck_assert_int_eq(opts_parse(&o, 2, argv), -1);
	ck_assert_ptr_null(strchr(o.err, '\177'));
	ck_assert_ptr_nonnull(strstr(o.err, "did you mean --until=T4-ls=1\\x7f"));
	/* A long value of two-byte characters: never half of one at the cut. */
	memcpy(a2, "-e=", 3);
	for (i = 3; i + 2 < sizeof a2; i += 2)
		memcpy(a2 + i, "\326\226", 2);
	a2[i] = '\0';
	argv[1] = a2;
	ck_assert_int_eq(opts_parse(&o, 2, argv), -1);
	n = strlen(o.err);
	ck_assert_uint_gt(n, 0);
	for (i = 0; i < n; i += k)
		ck_assert_uint_ne((k = fmt_char(o.err + i, n - i)), 0);
}
END_TEST

/* The suite. */
CHECK_SUITE("scenario", CHECK_CASE("table", 0),
    CHECK_LOOP(test_every_option, (int)scenario_nopts),
    CHECK_TEST(test_plug_limit), CHECK_TEST(test_all_at_once),
    CHECK_TEST(test_help), CHECK_TEST(test_bad_values),
    CHECK_TEST(test_err_printable))
