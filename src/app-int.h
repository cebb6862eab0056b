/*
 * app-int.h - what app.c and app-predict.c share: the application's state
 * and the few moves both make.  Internal to the application layer; the
 * rest of the program uses app.h.
 */
#ifndef RAVIZ_APP_INT_H
#define RAVIZ_APP_INT_H

#include <stdint.h>

#include "app.h"
#include "differ.h"
#include "predict.h"
#include "sweep.h"
#include "timeline.h"
#include "trace-model.h"

#define FLASH_LEN	96
#define CAPTION_LEN	512
#define TITLE_LEN	160
#define CAPLOG_MAX	64	/* captions the history keeps (the latest) */
#define ZOOM_MAX	(1u << 20)
#define PROMPT_LEN	64	/* bytes a prompt line holds, its NUL too */

/* The application (app.h); fields as app.c and app-predict.c use them. */
struct app {
	struct sim_config		 cfg;		/* the model's run */
	const struct trace		*trace;		/* main run: &own, or NULL */
	struct trace			 own;		/* the trace, owned */
	/*
	 * A trace's model (trace-model.h): its device as measured; cfg is
	 * the model, in the mode the compare half shows.
	 */
	struct trace_fit		 fit;
	char				 model_title[96];
	struct timeline			 main;
	struct timeline			 other;		/* compare mode */
	/*
	 * other is kept when compare mode goes off (other_kept), for the
	 * run in other_mode: turned on again it is rewound, its
	 * checkpoints kept, not built again (a lesson's compare items).
	 */
	int				 other_kept;
	enum sim_mode			 other_mode;
	struct app_state		 st;		/* app_state() */
	uint64_t			 pace_t;	/* time pace: target */
	uint64_t			 pace_ev;	/* ... as of event */
	uint64_t			 zoom;		/* 0 = automatic */
	const struct render_glyphs	*g;
	char				 flash[FLASH_LEN];
	char				 caption[CAPTION_LEN];
	int				 has_caption;
	int				 oom;
	int				 focus;		/* f */
	int				 history;	/* H: the overlay */
	char				 lesson[TITLE_LEN];
	char				*caps_log[CAPLOG_MAX];
	size_t				 ncaps;
	void				(*hook)(void *, const struct cmd *,
					    uint64_t);
	void				*hook_arg;
	/* Predict-then-reveal (predict.h). */
	struct predict_q		 q;
	struct predict_score		 score;
	char				 verdict[2 * PREDICT_TEXT];
	char				 summary[2 * PREDICT_TEXT + 200];
	struct timeline_poll		 poll;
	/* The prompt line (app-find.c): ':' or '/' while open, else 0. */
	int				 prompt;
	char				 ptext[PROMPT_LEN];
	char				 last_search[PROMPT_LEN];
	/* Compare mode: what the patch changes, measured (differ.h). */
	struct differ			 diff;
	int				 has_diff;
	int				 clean;		/* app_set_export() */
	/* The sweep shown (st.sweep), or last shown, and its scenario. */
	struct sweep			 sweep;
	struct sim_config		 sweep_cfg;
};

/* Flash with printf formatting (app.c). */
void	 app_flashf(struct app *, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));
/*
 * Go to event n of the main run, keeping the compare run in step (app.c).
 * 0, or -1 (memory, or a cancelled move: timeline.h).
 */
int	 app_go(struct app *, uint64_t n);

/*
 * Predict-then-reveal's part of a command (app-predict.c): 1 when carried
 * out (or refused) there, 0 to go on as usual, -1 out of memory.
 */
int	 app_predict_exec(struct app *, const struct cmd *);
/*
 * Up to k events forward, stopping before a question point (asked when
 * arrived at).  0, or -1 as app_go().
 */
int	 app_predict_forward(struct app *, uint64_t k);
/* Jump to a moment (event at) by way of the question that shows it. */
int	 app_predict_jump(struct app *, uint64_t at);
/* The summary line, when the run ends or predict is turned off. */
void	 app_predict_summarize(struct app *);

/*
 * app-find.c: go to the last event at or before simulated time t
 * (CMD_GOTO_TIME), keeping the compare run in step; 0 or -1 as app_go().
 * Open the prompt line of kind ':' or '/' (CMD_PROMPT).
 */
int	 app_goto_time(struct app *, uint64_t t);
void	 app_prompt_begin(struct app *, int kind);
/* The hint row while the prompt line is open: ":3.5ms_   ...". */
void	 app_prompt_line(const struct app *, char *buf, size_t len);

/*
 * app-sweep.c: CMD_SWEEP with its argument (0, or -1 as app_go()); does a
 * command of kind k leave the sweep screen open?
 */
int	 app_sweep_exec(struct app *, int64_t arg);
int	 app_sweep_keeps(enum cmd_kind k);

#endif /* RAVIZ_APP_INT_H */
