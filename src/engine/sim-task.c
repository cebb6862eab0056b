/*
 * sim-task.c - the reading task (model.md §3): read() as a sequence of
 * steps (enum sim_step) - enter, look a page up (sync or async readahead),
 * read_pages() returning, the up-to-date check, lock_page's sleep and
 * wake-up, copying a run of pages, leaving read().
 *
 * A kernel whose policy reads in batches (Linux 6.x, sim_policy.batch)
 * looks at up to that many folios from the reader's page before copying:
 * the batch ends at the first folio that is not up to date or carries the
 * marker; that folio's async readahead and its lock come first, then the
 * whole batch is copied, and a sleep is followed by a fresh look
 * (filemap_get_pages() retrying after folio_put_wait_locked()).
 *
 * Each step costs simulated CPU time (busy_until); the core runs the next
 * step when that time comes (sim.c, advance()).  Copying takes a whole run
 * of up-to-date, unmarked pages at once, so a step's cost does not depend on
 * the read size.  The read() boundary is where period skipping looks for a
 * repeat (sim-cycle.c), and where a quiet run takes the reads that follow
 * and only copy cached pages in one action (task_hits()).
 */
#include "config.h"

#include "sim.h"
#include "sim-int.h"

/* Pages left in this read() from the task's position. */
static uint64_t
req_left(const struct sim *s)
{
	return (s->rd.read_end - s->rd.pos);
}

/* Emit the WAIT event for page p. */
static void
ev_wait(struct sim *s, uint64_t p)
{
	struct sim_event	*w = sim_ev_new(s, SIM_EV_WAIT);

	w->first = p;
	w->npages = 1;
	w->page = p;
}

/*
 * The task sleeps in lock_page on page p.  Going to sleep flushes the plug
 * (io_schedule) or, in 2.6.38, unplugs the queue (lock_page calls sync_page
 * before it sleeps: that unplug is told first, so that a T4 window it sends
 * comes before T5).
 */
static void
task_sleep(struct sim *s, uint64_t p)
{
	size_t			 before = s->evq_len;
	size_t			 i, wi = before;
	int			 t5 = (!s->t5_done && p == s->t3_page);

	s->rd.task = SIM_TASK_SLEEPING;
	s->rd.wait_page = p;
	s->sleep_since = s->now;
	if (s->pol->queue_plug) {
		sim_blk_unplug(s, SIM_REASON_SLEEP);
		wi = s->evq_len;
		ev_wait(s, p);
	} else {
		ev_wait(s, p);
		sim_blk_flush(s, SIM_REASON_SLEEP);
	}
	if (t5) {
		/* T5: the flush that sends the page's request, else the sleep. */
		sim_label_end(s);
		if (!s->quiet && !s->oom) {
			for (i = before; i < s->evq_len; i++) {
				struct sim_event *e = &s->evq[s->evq_head + i];

				if (e->kind == SIM_EV_DISPATCH && e->label == 0 &&
				    p >= e->first && p < e->first + e->npages) {
					e->label = 5;
					break;
				}
			}
			if (i == s->evq_len)
				s->evq[s->evq_head + wi].label = 5;
		}
	}
}

/* Length of the run of up-to-date, unmarked pages from pos in this read. */
static uint64_t
copy_run(const struct sim *s)
{
	uint64_t	pos = s->rd.pos, end, m;

	end = s->look_ok ? s->look_end :
	    sim_extents_run_end(&s->pages, pos, s->rd.read_end);
	m = sim_u64v_next(&s->markers, pos + 1);
	if (m < end)
		end = m;
	return (end - pos);
}

/*
 * filemap_get_pages(): the batch of folios from the reader's page, within
 * the read(); sets batch_last (its last folio's first page) and batch_end.
 * The page at the reader's position is cached.
 */
static void
batch_find(struct sim *s)
{
	uint64_t	p = s->rd.pos, end = s->rd.read_end, ff, fp;
	unsigned	k;

	s->batch_last = p;
	for (k = 0; k < s->pol->batch && p < end; k++) {
		if (sim_extents_get(&s->pages, p) == SIM_PAGE_ABSENT)
			break;
		fp = sim_folios_at(&s->folios, p, &ff);
		s->batch_last = ff;
		p = ff + fp;
		if (!sim_ra_uptodate(s, ff, fp) ||
		    sim_u64v_next(&s->markers, ff) == ff)
			break;
	}
	s->batch_end = p < end ? p : end;
}

/* Is the folio the reader has to look at now up to date? */
static int
check_uptodate(const struct sim *s)
{
	uint64_t	ff, fp;

	if (s->pol->batch == 0)
		return (s->look_ok ? s->look_state == SIM_PAGE_UPTODATE ||
		    s->look_state == SIM_PAGE_CONSUMED :
		    sim_uptodate(s, s->rd.pos));
	fp = sim_folios_at(&s->folios, s->batch_last, &ff);
	return (sim_ra_uptodate(s, ff, fp));
}

/*
 * A quiet run's shortcut (not with --no-skip): from a read()'s beginning,
 * the whole reads that only copy cached pages - every page up to date, no
 * marker, not the file's last read - before the device's or the unplug
 * timer's next action (they go first at equal times), the time limit and
 * the event limit of the run, done at once: exactly the state, statistics
 * and event count their steps one by one would leave, each read being
 * three events (begin, one copy of its pages, end) at times that follow
 * from the CPU costs alone.  Reads of 4 KiB from a large window are then
 * one action per device action, not three a page: a quiet run's cost
 * grows with windows, not pages.  2012 policies only (a batching kernel
 * looks at folios).  1 if it did any.
 */
static int
task_hits(struct sim *s)
{
	struct sim_reader	*rd = &s->rd;
	uint64_t		 n = s->cfg.read_pages, p = rd->pos, t0 = s->now;
	uint64_t		 per, lim, end, k, m, tt;

	if (s->cfg.no_skip || s->pol->batch != 0 || s->pending != s->mode ||
	    !s->t5_done || s->plug.n != 0 || s->ra_plug || s->oom ||
	    sim_extents_get(&s->pages, p) != SIM_PAGE_UPTODATE)
		return (0);
	/* Pages: the up-to-date run, short of a marker and the last read. */
	lim = s->cfg.file_pages - 1;
	end = sim_extents_run_end(&s->pages, p, lim);
	m = sim_u64v_next(&s->markers, p);
	if (m < end)
		end = m;
	k = end > p ? (end - p) / n : 0;
	/* Time: every action of the reads before the next other action. */
	per = s->cfg.cpu.syscall_ns + n * s->cfg.cpu.copy_ns;
	if (!s->dn_ok) {
		/* A period's jump (sim_cycle_check()) moved the device on. */
		s->dn = sim_dev_next(s);
		s->dn_ok = 1;
	}
	tt = s->q_plugged ? s->unplug_at : SIM_NONE;
	if (tt > s->dn)
		tt = s->dn;
	if (per == 0 || tt <= t0)
		return (0);
	if ((tt - t0 - 1) / per < k)
		k = (tt - t0 - 1) / per;
	if (s->time_limit != SIM_NONE && (s->time_limit - t0) / per < k)
		k = (s->time_limit - t0) / per;
	if (s->run_limit != 0)
		m = s->run_limit > s->st.events ?
		    (s->run_limit - s->st.events) / 3 : 0;
	if (s->run_limit != 0 && m < k)
		k = m;
	if (k == 0)
		return (0);
	sim_folios_prune(&s->folios, p + k * n);
	sim_set_state(s, p, k * n, SIM_PAGE_CONSUMED);
	rd->pos = p + k * n;
	rd->read_first = rd->pos - n;
	rd->read_end = rd->pos;
	s->batch_last = rd->read_first;
	rd->outer_plug = 0;
	s->prev_page = (int64_t)rd->read_end;
	rd->read_index += k;
	s->st.reads_done += k;
	s->st.pages_copied += k * n;
	s->st.events += 3 * k;
	s->copy_ev = s->st.events - 2;
	s->now = t0 + k * per;
	s->ev_t = s->now;
	s->st.end_ns = s->now;
	sim_dev_account(s, s->now);
	rd->task = SIM_TASK_SYSCALL;
	rd->busy_until = s->now;
	s->step = STEP_BEGIN;
	return (1);
}

/* One step of the reading task at its busy_until time. */
void
sim_task_run(struct sim *s)
{
	struct sim_reader	*rd = &s->rd;
	struct sim_event	*e;
	uint64_t		 n, rend;
	enum sim_page		 st;

	switch (s->step) {
	case STEP_BEGIN:
		/* Folios behind the reader are never looked at again. */
		sim_folios_prune(&s->folios, rd->pos);
		if (s->quiet) {
			sim_cycle_check(s);
			if (task_hits(s))
				break;
		}
		if (s->pending != s->mode) {
			if (s->pol->queue_plug)
				sim_blk_unplug(s, SIM_REASON_SWITCH);
			s->mode = s->pending;
			s->pol = sim_policy(s->mode);
			e = sim_ev_new(s, SIM_EV_MODE);
			e->first = rd->pos;
		}
		rd->read_first = rd->pos;
		n = s->cfg.read_pages;
		rd->read_end = rd->pos + n < s->cfg.file_pages ?
		    rd->pos + n : s->cfg.file_pages;
		e = sim_ev_new(s, SIM_EV_READ_BEGIN);
		e->first = rd->pos;
		e->npages = rd->read_end - rd->pos;
		/* 2.6.39-3.2: generic_file_aio_read() plugs the whole read. */
		rd->outer_plug = s->pol->outer_plug;
		rd->task = SIM_TASK_SYSCALL;
		rd->busy_until = s->now + s->cfg.cpu.syscall_ns;
		s->step = STEP_PAGE;
		break;

	case STEP_PAGE:
		if (rd->pos >= rd->read_end) {
			s->step = STEP_END;
			sim_task_run(s);
			break;
		}
		st = sim_extents_get_run(&s->pages, rd->pos, rd->read_end,
		    &rend);
		if (st == SIM_PAGE_ABSENT) {
			n = s->pol->ondemand(s, 0, rd->pos, req_left(s));
			if (n == 0) {
				/* Nothing read ahead: read this page alone. */
				sim_ra_submit(s, rd->pos, 1, 0, 0,
				    SIM_EV_RA_SYNC, rd->pos);
				n = 1;
			}
			s->ra_async = 0;
			rd->task = SIM_TASK_READAHEAD;
			rd->busy_until = s->now + n * s->cfg.cpu.submit_ns;
			s->step = STEP_RA_DONE;
			break;
		}
		if (s->pol->batch != 0)
			batch_find(s);
		else
			s->batch_last = rd->pos;
		if (sim_ra_marker_take(s, s->batch_last)) {
			n = s->pol->ondemand(s, 1, s->batch_last,
			    rd->read_end - s->batch_last);
			s->ra_async = 1;
			if (n != 0) {
				rd->task = SIM_TASK_READAHEAD;
				rd->busy_until = s->now +
				    n * s->cfg.cpu.submit_ns;
				s->step = STEP_RA_DONE;
				break;
			}
			s->step = STEP_RA_DONE;
			sim_task_run(s);
			break;
		}
		/* No marker: the check and the copy see the page as it was
		   looked up (the batching kernels look at folios instead). */
		if (s->pol->batch == 0) {
			s->look_ok = 1;
			s->look_state = st;
			s->look_end = rend;
		}
		s->step = STEP_CHECK;
		sim_task_run(s);
		s->look_ok = 0;
		break;

	case STEP_RA_DONE:
		/* read_pages() ends: finishing its plug flushes if outermost. */
		if (s->ra_plug) {
			s->ra_plug = 0;
			if (!rd->outer_plug)
				sim_blk_flush(s, SIM_REASON_FINISH);
		}
		if (s->ra_async) {
			if (s->pol->queue_plug && sim_uptodate(s, rd->pos))
				sim_blk_unplug(s, SIM_REASON_EXPLICIT);
			s->step = STEP_CHECK;
		} else
			s->step = STEP_PAGE;
		sim_task_run(s);
		break;

	case STEP_CHECK:
		if (!check_uptodate(s)) {
			task_sleep(s, s->batch_last);
			break;
		}
		s->step = STEP_COPY;
		sim_task_run(s);
		break;

	case STEP_WOKEN:
		e = sim_ev_new(s, SIM_EV_WAKE);
		e->first = rd->wait_page;
		e->npages = 1;
		e->page = rd->wait_page;
		s->stall_acc += s->now - s->sleep_since;
		rd->wait_page = SIM_NONE;
		/* A batch is looked at again once its folio is unlocked. */
		s->step = s->pol->batch != 0 ? STEP_PAGE : STEP_COPY;
		sim_task_run(s);
		break;

	case STEP_COPY:
		n = s->pol->batch != 0 ? s->batch_end - rd->pos : copy_run(s);
		e = sim_ev_new(s, SIM_EV_COPY);
		s->copy_ev = s->st.events - 1;
		e->first = rd->pos;
		e->npages = n;
		if (!s->t5_done && rd->pos == s->t3_page) {
			sim_label_end(s);
			e->label = 5;
		}
		sim_set_state(s, rd->pos, n, SIM_PAGE_CONSUMED);
		rd->pos += n;
		s->st.pages_copied += n;
		rd->task = SIM_TASK_COPYING;
		rd->busy_until = s->now + n * s->cfg.cpu.copy_ns;
		s->step = STEP_PAGE;
		break;

	case STEP_END:
		e = sim_ev_new(s, SIM_EV_READ_END);
		e->first = rd->read_first;
		e->npages = rd->read_end - rd->read_first;
		if (rd->outer_plug) {
			rd->outer_plug = 0;
			sim_blk_flush(s, SIM_REASON_FINISH);
		}
		/* T5 comes by the end of the read() after T3's, or never. */
		if (!s->t5_done && s->t3_read != SIM_NONE &&
		    rd->read_index > s->t3_read)
			sim_label_end(s);
		s->prev_page = (int64_t)rd->read_end;
		rd->read_index++;
		s->st.reads_done++;
		s->st.end_ns = s->now;
		if (rd->pos >= s->cfg.file_pages) {
			rd->task = SIM_TASK_DONE;
			s->step = STEP_DONE;
		} else {
			rd->task = SIM_TASK_SYSCALL;
			rd->busy_until = s->now;
			s->step = STEP_BEGIN;
		}
		break;

	case STEP_DONE:
		break;
	}
}
