// The only C in PayDesk: ncurses' wide-character API, and shims for the macros and globals Swift cannot see.
#ifndef PAYDESK_CNCURSESW_SHIM_H
#define PAYDESK_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <wchar.h>
#include <langinfo.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline WINDOW *paydesk_stdscr(void) { return stdscr; }
static inline WINDOW *paydesk_curscr(void) { return curscr; }
static inline int paydesk_lines(void) { return LINES; }
static inline int paydesk_cols(void) { return COLS; }
static inline int paydesk_colors(void) { return COLORS; }
static inline int paydesk_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t paydesk_a_bold(void) { return A_BOLD; }
static inline attr_t paydesk_a_dim(void) { return A_DIM; }
static inline attr_t paydesk_a_underline(void) { return A_UNDERLINE; }
static inline attr_t paydesk_a_reverse(void) { return A_REVERSE; }

static inline int paydesk_key_resize(void) { return KEY_RESIZE; }

/// Draws `count` wide characters at (y, x) with attributes and a colour pair given by number, so that pairs
/// above 255 work (COLOR_PAIR() cannot carry them).
static inline int paydesk_draw(int y, int x, const wchar_t *text, int count, attr_t attributes, int pair) {
    if (wattr_set(stdscr, attributes, (short)pair, (void *)&pair) == ERR) { return ERR; }
    return mvwaddnwstr(stdscr, y, x, text, count);
}

/// The columns the C library gives `text`, as ncurses does when it places it; -1 when it cannot print it.
extern int wcswidth(const wchar_t *text, size_t count);
static inline int paydesk_wcswidth(const wchar_t *text, int count) { return wcswidth(text, (size_t)count); }

/// The first wide character ncurses holds at (y, x) of the screen: how tests read a frame back.
static inline int paydesk_character_at(int y, int x, wchar_t *character) {
    cchar_t cell;
    wchar_t text[CCHARW_MAX + 1];
    attr_t attributes;
    short pair;
    if (mvwin_wch(stdscr, y, x, &cell) == ERR || getcchar(&cell, text, &attributes, &pair, NULL) == ERR) { return ERR; }
    *character = text[0];
    return OK;
}

/// What terminfo says about terminal type `name` before curses takes the screen: 1 when it can position the
/// cursor (it has `cup`), 0 when it cannot (dumb, a printing terminal), -1 when terminfo does not know it.
static inline int paydesk_can_position_cursor(const char *name, int fd) {
    int error = 0;
    if (setupterm((char *)name, fd, &error) != OK) { return error == 1 ? 0 : -1; }
    const char *cup = tigetstr("cup");
    int can = cup != NULL && cup != (char *)-1;
    del_curterm(cur_term);
    return can;
}

#endif
