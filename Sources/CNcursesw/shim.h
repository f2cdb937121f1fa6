// The wide-character ncurses API, for BlueprintTUI only.
//
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, which hides the wide-character API, so it is
// switched on here before anything else. Macros that Swift cannot import (attributes, mouse
// masks, KEY_F(n)) and globals that Swift 6 rejects (stdscr, LINES, COLS, COLORS, stdin,
// stdout) are reached through the static inline accessors below.
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>
#include <term.h>

// Glibc's Swift module is built without _XOPEN_SOURCE, so wcwidth is declared here.
extern int wcwidth(wchar_t c);

/// Columns the locale gives `c`: 0 for combining marks, 2 for wide characters, -1 if unprintable.
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cn_stdin(void) { return stdin; }
static inline FILE *cn_stdout(void) { return stdout; }

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }

static inline int cn_key_f(int n) { return KEY_F(n); }

static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }

/// A terminfo string capability, or NULL when the terminal lacks it (tigetstr's (char *)-1
/// for "not a string capability" is folded into NULL).
static inline const char *cn_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

/// The terminal's size from the kernel (TIOCGWINSZ); 0 on success, -1 on failure.
/// (Parameter names avoid term.h's capability macros such as `lines` and `columns`.)
static inline int cn_window_size(int fd, int *out_rows, int *out_cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *out_rows = ws.ws_row;
    *out_cols = ws.ws_col;
    return 0;
}

/// Bytes waiting to be read on `fd` (FIONREAD), or -1.
static inline int cn_bytes_available(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : -1;
}
