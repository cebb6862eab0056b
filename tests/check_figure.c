/*
 * check_figure.c - caption placeholders: the vocabulary table, template
 * checking with the offset of each problem, literal braces, filling from
 * a run now and from alternative whole runs, the widest-width estimate,
 * their file:line:column in demo files, and `restart MODE` in the app.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "check-main.h"
#include "demo.h"
#include "figure.h"

static char	a_fs[] = "--file-size=8M", a_bs[] = "--bs=1M";
static char	*const base[] = { a_fs, a_bs };

/* A finished run of base's scenario in mode m. */
static struct sim *
finished(enum sim_mode m)
{
	struct sim_config	 c;
	struct sim		*s;

	sim_config_default(&c);
	c.file_pages = 2048;
	c.read_pages = 256;
	c.mode = m;
	s = sim_new(&c);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(sim_run(s), 0);
	return (s);
}

/* Every name is distinct, has a meaning, and fills (alone) without error. */
START_TEST(vocabulary)
{
	struct sim	*s = finished(SIM_MODE_BUGGY);
	char		 t[64], out[128], why[256];
	size_t		 i, j, off;

	ck_assert_uint_ge(figure_count(), 20);
	for (i = 0; i < figure_count(); i++) {
		for (j = i + 1; j < figure_count(); j++)
			ck_assert_str_ne(figure_name(i), figure_name(j));
		ck_assert_ptr_nonnull(figure_meaning(i));
		snprintf(t, sizeof t, "<{%s}>", figure_name(i));
		ck_assert_int_eq(figure_check(t, base, 2, &off, why,
		    sizeof why), 0);
		ck_assert_int_eq(figure_fill(out, sizeof out, t, s, base, 2, NULL),
		    0);
		ck_assert_msg(out[0] == '<' && out[strlen(out) - 1] == '>' &&
		    strchr(out, '{') == NULL && strlen(out) > 2, "%s", out);
		/* The widest-width estimate covers this value. */
		ck_assert_uint_ge(figure_width(t), strlen(out));
	}
	ck_assert_ptr_null(figure_name(figure_count()));
	sim_free(s);
}
END_TEST

/* Bad templates, with the offset of the problem. */
static const struct {
	const char	*t;
	size_t		 off;
	const char	*why;
} bad[] = {
	{ "a {nosuch} b", 3, "unknown figure 'nosuch'" },
	{ "a { throughput}", 3, "expected a figure name" },
	{ "a {} b", 3, "expected a figure name" },
	{ "a } b", 2, "a lone '}'" },
	{ "x {throughput", 13, "expected OPTION=VALUE or '}'" },
	{ "{throughput mode}", 12, "expected OPTION=VALUE" },
	{ "{throughput frob=1}", 12, "scenario option" },
	{ "{throughput mode=broken}", 12, "this alternative run: --mode" },
	{ "{throughput bs=12Q}", 12, "this alternative run: --bs" },
	{ "{mode mode=fixed mode=fixed mode=fixed mode=fixed mode=fixed}", 50,
	    "at most 4 options" },
};

START_TEST(bad_template)
{
	char	why[512];
	size_t	off = 999;

	ck_assert_int_eq(figure_check(bad[_i].t, base, 2, &off, why,
	    sizeof why), -1);
	ck_assert_msg(off == bad[_i].off, "%s: offset %zu, want %zu",
	    bad[_i].t, off, bad[_i].off);
	ck_assert_msg(strstr(why, bad[_i].why) != NULL, "%s: %s", bad[_i].t,
	    why);
}
END_TEST

/* Literal braces, and figures now and of other whole runs. */
START_TEST(fill)
{
	struct sim	*b = finished(SIM_MODE_BUGGY), *f;
	char		 out[256], want[256], v[64], w[64], why[64];
	size_t		 off;

	f = finished(SIM_MODE_FIXED);
	ck_assert_int_eq(figure_check("{{x}} {{{mode}}}", base, 2, &off, why,
	    sizeof why), 0);
	figure_fill(out, sizeof out, "{{x}} {{{mode}}}", b, base, 2, NULL);
	ck_assert_str_eq(out, "{x} {buggy}");
	/* The alternative run is the scenario with mode=fixed, to the end. */
	figure_value(v, sizeof v, "throughput", b);
	figure_value(w, sizeof w, "throughput", f);
	ck_assert_str_ne(v, w);
	snprintf(want, sizeof want, "%s vs %s", v, w);
	ck_assert_int_eq(figure_fill(out, sizeof out,
	    "{throughput} vs {throughput mode=fixed}", b, base, 2, NULL), 0);
	ck_assert_str_eq(out, want);
	/* Every option of the scenario table (scenario.c) may be named. */
	ck_assert_int_eq(figure_check("{throughput plug-limit=1}", base, 2,
	    &off, why, sizeof why), 0);
	/* Configuration figures. */
	figure_fill(out, sizeof out, "{bs} {ra} {file_size} {device} "
	    "{idle_penalty} {idle_penalty device=sata2} {qd}", b, base, 2,
	    NULL);
	ck_assert_str_eq(out, "1 MiB 128 KiB 8 MiB report 4.00ms none 31");
	/* Cut, never overrun. */
	ck_assert_int_eq(figure_fill(out, 6, "{throughput}", b, base, 2,
	    NULL), 0);
	ck_assert_uint_eq(strlen(out), 5);
	ck_assert_int_eq(figure_value(v, sizeof v, "nosuch", b), -1);
	sim_free(b);
	sim_free(f);
}
END_TEST

/*
 * The widest-width estimate counts terminal columns: a wide character two,
 * a combining mark none, a literal brace one, a placeholder its widest.
 */
START_TEST(width_columns)
{
	ck_assert_uint_eq(figure_width("abc"), 3);
	/* U+65E5 (wide), e + U+0301 (combining). */
	ck_assert_uint_eq(figure_width("\xe6\x97\xa5" "e\xcc\x81"), 3);
	ck_assert_uint_eq(figure_width("{{x}}"), 3);
	ck_assert_uint_eq(figure_width("\xe6\x97\xa5{mode}"), 2 + 6);
	ck_assert_uint_eq(figure_width("{mode mode=fixed}"), 6);
}
END_TEST

/* In a demo file: errors at file:line:column, escapes counted right. */
START_TEST(in_demo)
{
	struct demo	 d;
	const char	*txt =
	    "raviz-demo 1\n"
	    "set bs 64k\n"
	    "@0 +0ms caption \"ok {throughput} {{literal}}\"\n"
	    "@0 +0ms caption \"\\u{e9}\\x41 {nosuch}\"\n"
	    "@0 +0ms caption \"{throughput bs=7Q}\"\n";

	ck_assert_int_eq(demo_parse(&d, "t.demo", txt, strlen(txt)), 2);
	ck_assert_uint_eq(d.ndiags, 2);
	ck_assert_msg(strncmp(d.diags[0].msg, "t.demo:4:30: error: caption: "
	    "unknown figure 'nosuch'", 50) == 0, "%s", d.diags[0].msg);
	ck_assert_msg(strncmp(d.diags[1].msg, "t.demo:5:30: error: caption: "
	    "this alternative run", 45) == 0, "%s", d.diags[1].msg);
	/* The scenario stays with the demo for the alternative runs. */
	ck_assert_uint_eq(d.nsets, 1);
	ck_assert_str_eq(d.sets[0], "--bs=64k");
	demo_free(&d);
}
END_TEST

/* restart MODE: the run is in that mode from event 0, and stays so. */
START_TEST(restart_mode)
{
	struct sim_config	 c;
	struct app		*a;
	struct cmd		 cmd;
	const char		*why;

	sim_config_default(&c);
	c.file_pages = 256;
	a = app_new(&c);
	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(cmd_parse("restart fixed", &cmd, &why), 0);
	ck_assert_int_eq(app_exec(a, &cmd), 0);
	ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_FIXED);
	ck_assert_int_eq(sim_config(app_sim(a))->mode, SIM_MODE_FIXED);
	ck_assert_int_eq(cmd_parse("restart", &cmd, &why), 0);
	ck_assert_int_eq(app_exec(a, &cmd), 0);
	ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_FIXED);
	/* Compare pairs it with buggy, and nothing counts as patched. */
	cmd.kind = CMD_COMPARE;
	cmd.arg = 0;
	ck_assert_int_eq(app_exec(a, &cmd), 0);
	ck_assert_int_eq(app_state(a)->compare, 1);
	ck_assert_int_eq(sim_mode(app_other(a)), SIM_MODE_BUGGY);
	ck_assert_int_eq(cmd_parse("restart buggy", &cmd, &why), 0);
	ck_assert_int_eq(app_exec(a, &cmd), 0);
	ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_BUGGY);
	ck_assert_int_eq(sim_mode(app_other(a)), SIM_MODE_FIXED);
	app_free(a);
}
END_TEST

/* The writer spells restart MODE as the parser reads it. */
START_TEST(restart_written)
{
	struct demo_item	 it;
	struct demo		 d;
	char			 line[128], file[256];

	memset(&it, 0, sizeof it);
	it.kind = DEMO_CMD;
	it.event = 17;
	it.delay_ns = 1000000000;
	it.cmd.kind = CMD_RESTART;
	it.cmd.arg = 1 + SIM_MODE_LEGACY;
	demo_format_item(line, sizeof line, &it);
	ck_assert_str_eq(line, "@17 +1000ms restart legacy");
	snprintf(file, sizeof file, "raviz-demo 1\n%s\n", line);
	ck_assert_int_eq(demo_parse(&d, "t.demo", file, strlen(file)), 0);
	ck_assert_uint_eq(d.nitems, 1);
	ck_assert_int_eq(d.items[0].cmd.kind, CMD_RESTART);
	ck_assert_int_eq(d.items[0].cmd.arg, 1 + SIM_MODE_LEGACY);
	demo_free(&d);
	it.cmd.arg = 0;
	demo_format_item(line, sizeof line, &it);
	ck_assert_str_eq(line, "@17 +1000ms restart");
}
END_TEST

/* The suite. */
CHECK_SUITE("figure", CHECK_CASE("core", 0), CHECK_TEST(vocabulary),
    CHECK_LOOP(bad_template, CHECK_N(bad)), CHECK_TEST(fill),
    CHECK_TEST(width_columns), CHECK_TEST(in_demo), CHECK_TEST(restart_mode),
    CHECK_TEST(restart_written))
