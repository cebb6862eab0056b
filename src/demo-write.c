/*
 * demo-write.c - writing demo files: quoting, the text of items and of the
 * scenario's set lines (what demo.c's parser reads back), and recording a
 * session into a demo file.
 *
 * Crash safety without a temporary file: the file is written in place (a
 * FILE.part renamed at a clean exit would leave nothing usable after
 * SIGKILL), each line with a single write(2) as soon as its command has run,
 * so the kernel holds every complete line the moment raviz gets past the
 * call; a process killed at any point leaves a file that ends with a
 * complete line and replays up to it.  No fsync per line: that guards
 * against power loss, not against a killed process, and would make every
 * key press wait for the disk; close() does one fsync.
 *
 * A write error (disk full, I/O error) must not leave a half line that a
 * later replay would misread: the file is cut back to the end of the last
 * complete line, a comment saying why is appended if the disk allows, and
 * the writer refuses further lines.  The session itself goes on.
 *
 * The file is opened under the output rule (safefile.h: a JOURNAL, the
 * one kind of output written in place): never over an existing file
 * without --force, never through a symbolic link, never a FIFO or a
 * device, and without blocking.  One recorder per file: an exclusive
 * flock(2) is taken before the file is emptied.  At close, a file that
 * lost its name (deleted with its directory) is reported: the recording
 * is gone.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "demo.h"
#include "opts.h"
#include "parse.h"
#include "safefile.h"
#include "scenario.h"
#include "utf8.h"
#include "xalloc.h"

/* argv[0] for opts_parse(), which never writes to it. */
static char prog[] = "raviz";

struct demo_writer {
	int		 fd;
	char		*path;		/* as given, to check it at close */
	dev_t		 dev;		/* the file it names at open */
	ino_t		 ino;
	off_t		 good;		/* bytes up to the last complete line */
	uint64_t	 last_ns;	/* wall time of the previous item */
	size_t		 count;
	int		 failed;
	char		 err[256];
};

static int	put_line(struct demo_writer *, const char *, size_t);

/* Append "set NAME VALUE\n" to out (like snprintf: o counts what is needed). */
static void
emit(char *out, size_t len, size_t *o, const char *name, const char *val)
{
	int	n;

	n = snprintf(*o < len ? out + *o : NULL, *o < len ? len - *o : 0,
	    "set %s %s\n", name, val);
	if (n > 0)
		*o += (size_t)n;
}

/* The scenario block: the table's options that say something. */
size_t
demo_format_scenario(char *out, size_t len, const struct sim_config *c)
{
	const struct scenario_opt	*so;
	struct opts			 base;
	char				 v[64], dev[80], src[32];
	char				*argv[3];
	size_t				 o = 0, i;
	int				 custom, write;

	if (len > 0)
		out[0] = '\0';
	custom = sim_preset_find(c->device.name) == NULL;
	/* What --device and --source alone imply, to write only the rest. */
	snprintf(dev, sizeof dev, "--device=%s", custom ? "report" :
	    c->device.name);
	snprintf(src, sizeof src, "--source=%s", sim_source_name(c->source));
	argv[0] = prog;
	argv[1] = dev;
	argv[2] = src;
	if (opts_parse(&base, 3, argv) != 0)
		sim_config_default(&base.cfg);
	for (i = 0; i < scenario_nopts; i++) {
		so = &scenario_opts[i];
		if (so->flags & SCENARIO_ALWAYS)
			write = 1;
		else if (so->type == SCENARIO_DEVICE)
			write = !custom;
		else
			write = ((so->flags & SCENARIO_DEV) && custom) ||
			    !scenario_equal(so, c, &base.cfg);
		if (write) {
			scenario_format(so, c, v, sizeof v);
			emit(out, len, &o, so->name, v);
		}
	}
	return (o);
}

/* Quote text for a demo file. */
size_t
demo_quote(char *out, size_t len, const char *in)
{
	const unsigned char	*s = (const unsigned char *)in;
	size_t			 o = 0, k;
	uint32_t		 cp;
	char			 esc[8];
	int			 l;

#define PUT(c) do { if (o + 1 < len) out[o] = (c); o++; } while (0)
	PUT('"');
	while (*s != '\0') {
		l = (int)utf8_decode((const char *)s, strnlen((const char *)s,
		    4), &cp);
		if (l == 0 || cp < 0x20 || cp == 0x7f) {
			snprintf(esc, sizeof esc, "\\x%02x", *s);
			for (k = 0; k < 4; k++)
				PUT(esc[k]);
			s++;
			continue;
		}
		if (*s == '\\' || *s == '"')
			PUT('\\');
		for (; l > 0; l--, s++)
			PUT((char)*s);
	}
	PUT('"');
#undef PUT
	if (len > 0)
		out[o < len ? o : len - 1] = '\0';
	return (o);
}

/* "@N +Dms ITEM". */
size_t
demo_format_item(char *out, size_t len, const struct demo_item *it)
{
	char		 body[256];
	size_t		 n;
	uint64_t	 ms = it->delay_ns / 1000000;

	/*
	 * To the nearest millisecond, without overflow: near UINT64_MAX ns
	 * rounding up would wrap to 0, or name a delay no parser can read.
	 */
	if (it->delay_ns % 1000000 >= 500000 && ms < UINT64_MAX / 1000000)
		ms++;
	body[0] = '\0';
	switch (it->kind) {
	case DEMO_CMD:
		if (it->cmd.kind == CMD_PAUSE)
			snprintf(body, sizeof body, "stop");
		else
			cmd_format(body, sizeof body, &it->cmd);
		break;
	case DEMO_CAPTION:
		snprintf(body, sizeof body, "caption ");
		break;
	case DEMO_PAUSE:
		snprintf(body, sizeof body, "pause");
		break;
	case DEMO_MARKER:
		snprintf(body, sizeof body, "marker %s", it->text);
		break;
	}
	n = (size_t)snprintf(out, len, "@%llu +%llums %s",
	    (unsigned long long)it->event, (unsigned long long)ms, body);
	if (it->kind == DEMO_CAPTION)
		n += demo_quote(n < len ? out + n : NULL, n < len ? len - n : 0,
		    it->text);
	return (n);
}

/*
 * Write n bytes (whole lines) with one write(2) where the kernel allows,
 * finishing a short write.  On failure cut the file back to the last
 * complete line, try to leave a comment, and refuse further lines.
 */
static int
put_line(struct demo_writer *w, const char *buf, size_t n)
{
	char		 note[300];
	size_t		 done = 0;
	ssize_t		 r;
	int		 e;

	if (w->failed)
		return (-1);
	while (done < n) {
		r = write(w->fd, buf + done, n - done);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0) {
			e = r == 0 ? EIO : errno;
			goto fail;
		}
		done += (size_t)r;
	}
	w->good += (off_t)n;
	return (0);
fail:
	w->failed = 1;
	snprintf(w->err, sizeof w->err, "%s", strerror(e));
	/* Take back the partial line; the file stays replayable. */
	if (ftruncate(w->fd, w->good) == 0 &&
	    lseek(w->fd, w->good, SEEK_SET) == w->good) {
		r = snprintf(note, sizeof note, "# recording stopped here: "
		    "write error: %s\n", w->err);
		if (write(w->fd, note, (size_t)r) != r) {
			/* Not even the note fits: no half comment either. */
			if (ftruncate(w->fd, w->good) != 0)
				snprintf(w->err, sizeof w->err, "%s; the "
				    "last line may be incomplete", strerror(e));
		}
	}
	return (-1);
}

/*
 * Only one recorder per file: an exclusive flock(2), held until close.  A
 * file system without locks (ENOLCK, EINVAL...) is not a reason to refuse.
 * 0, or -1 with *err set.
 */
static int
writer_lock(int fd, const char **err)
{
	if (flock(fd, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK)
		return (0);
	*err = "another raviz is recording into this file";
	return (-1);
}

/* Create the file and write the header and scenario. */
struct demo_writer *
demo_writer_open(const char *path, int force, const struct sim_config *cfg,
    const char *title, uint64_t now_ns, const char **err)
{
	struct demo_writer	*w;
	struct stat		 sb;
	char			 head[4096];
	struct safefile_out	 so;
	size_t			 n;
	int			 created;

	w = xcalloc(1, sizeof *w);
	/*
	 * Only a file this call created may be removed again on a failure
	 * (never what the user named if it already existed).
	 */
	w->fd = -1;
	if (safefile_out_open(&so, path, force, SAFEFILE_JOURNAL, err) == 0)
		w->fd = so.fd;
	created = so.created;
	if (w->fd != -1 && writer_lock(w->fd, err) != 0) {
		close(w->fd);
		w->fd = -1;
	}
	if (w->fd != -1 && !created && fstat(w->fd, &sb) == 0 &&
	    S_ISREG(sb.st_mode) && ftruncate(w->fd, 0) != 0) {
		*err = strerror(errno);
		close(w->fd);
		w->fd = -1;
	}
	if (w->fd == -1) {
		free(w);
		return (NULL);
	}
	if (fstat(w->fd, &sb) == 0) {
		w->dev = sb.st_dev;
		w->ino = sb.st_ino;
	}
	w->path = xstrdup(path);
	w->last_ns = now_ns;
	n = (size_t)snprintf(head, sizeof head, "raviz-demo %d\n"
	    "# Recorded by raviz %s.  Each line: @EVENT +DELAY COMMAND.\n"
	    "# Add caption \"...\", pause and marker NAME lines to teach "
	    "with it.\n", DEMO_MAJOR, PACKAGE_VERSION);
	if (title != NULL && n < sizeof head) {
		memcpy(head + n, "title ", 6);
		n += 6;
		n += demo_quote(head + n, sizeof head - n, title);
		if (n < sizeof head)
			head[n++] = '\n';
	}
	if (n < sizeof head)
		n += demo_format_scenario(head + n, sizeof head - n, cfg);
	if (n >= sizeof head || put_line(w, head, n) != 0) {
		static char	ebuf[300];

		snprintf(ebuf, sizeof ebuf, "%s", w->failed ? w->err :
		    "the header is too long");
		*err = ebuf;
		close(w->fd);
		if (created)
			unlink(path);
		free(w->path);
		free(w);
		return (NULL);
	}
	return (w);
}

/* One stamped item, written at once. */
int
demo_writer_item(struct demo_writer *w, const struct demo_item *it,
    uint64_t now_ns)
{
	struct demo_item	 c = *it;
	char			*line;
	size_t			 n;
	int			 rc;

	if (w->failed)
		return (-1);
	c.delay_ns = now_ns >= w->last_ns ? now_ns - w->last_ns : 0;
	n = demo_format_item(NULL, 0, &c);
	line = xmalloc(n + 2);
	demo_format_item(line, n + 1, &c);
	line[n] = '\n';
	rc = put_line(w, line, n + 1);
	free(line);
	if (rc == 0) {
		w->last_ns = now_ns;
		w->count++;
	}
	return (rc);
}

/* A command, as the application executed it. */
int
demo_writer_cmd(struct demo_writer *w, const struct cmd *cmd,
    uint64_t event_no, uint64_t now_ns)
{
	struct demo_item	it;

	memset(&it, 0, sizeof it);
	it.kind = DEMO_CMD;
	it.cmd = *cmd;
	it.event = event_no;
	return (demo_writer_item(w, &it, now_ns));
}

/* The write error, or NULL. */
const char *
demo_writer_error(const struct demo_writer *w)
{
	return (w->failed ? w->err : NULL);
}

/* Items written. */
size_t
demo_writer_count(const struct demo_writer *w)
{
	return (w->count);
}

/* Close: a final comment, fsync, close. */
int
demo_writer_close(struct demo_writer *w)
{
	struct stat	sb;
	char		line[128];
	int		n, rc = 0;

	if (w == NULL)
		return (0);
	if (!w->failed) {
		n = snprintf(line, sizeof line, "# end of recording: %zu "
		    "items\n", w->count);
		rc = put_line(w, line, (size_t)n);
		if (rc == 0 && fsync(w->fd) != 0) {
			w->failed = 1;
			snprintf(w->err, sizeof w->err, "%s", strerror(errno));
			rc = -1;
		}
	} else
		rc = -1;
	/*
	 * Written into a file that no longer has this name (deleted, its
	 * directory removed, replaced): all is lost when it closes.
	 */
	if (rc == 0 && (fstat(w->fd, &sb) != 0 || sb.st_nlink == 0 ||
	    stat(w->path, &sb) != 0 || sb.st_dev != w->dev ||
	    sb.st_ino != w->ino)) {
		w->failed = 1;
		snprintf(w->err, sizeof w->err, "the file was deleted or "
		    "replaced during the session: the recording is lost");
		rc = -1;
	}
	if (close(w->fd) != 0 && rc == 0) {
		w->failed = 1;
		snprintf(w->err, sizeof w->err, "%s", strerror(errno));
		rc = -1;
	}
	w->fd = -1;
	return (rc);
}

/* Free a closed (or never closed) writer. */
void
demo_writer_free(struct demo_writer *w)
{
	if (w == NULL)
		return;
	if (w->fd != -1)
		close(w->fd);
	free(w->path);
	free(w);
}
