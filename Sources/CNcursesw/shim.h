// The only C in PayDesk: ncurses' wide-character API, shims for the macros and globals Swift cannot see, and
// what a crash needs to give the terminal back from a signal handler.
#ifndef PAYDESK_CNCURSESW_SHIM_H
#define PAYDESK_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <langinfo.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline WINDOW *paydesk_stdscr(void) { return stdscr; }
static inline WINDOW *paydesk_curscr(void) { return curscr; }
static inline int paydesk_lines(void) { return LINES; }
static inline int paydesk_cols(void) { return COLS; }
static inline int paydesk_colors(void) { return COLORS; }

static inline int paydesk_key_resize(void) { return KEY_RESIZE; }

/// A string capability of the terminal curses was started on; NULL when it has none (terminfo's -1 included).
static inline const char *paydesk_string_capability(const char *name) {
    const char *text = tigetstr((char *)name);
    return text == (char *)-1 ? NULL : text;
}

/// `capability` with two parameters filled in (tiparm is variadic, which Swift cannot call).
static inline const char *paydesk_tiparm(const char *capability, int first, int second) { return tiparm(capability, first, second); }

/// The columns the C library gives a character; -1 when it cannot print it.
extern int wcwidth(wchar_t character);
static inline int paydesk_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

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

/// What a crash needs to give the terminal back, kept where a signal handler reaches it without allocating:
/// the terminal's modes from before the console took it, terminfo's strings that leave the console's screen,
/// and the handlers that were there before (Swift's backtracer), which take over once the terminal is back.
/// (In a function: Swift emits a header's inline functions, with their statics, but not its global variables.)
enum { paydesk_crash_signal_count = 6 };
struct paydesk_crash_restore {
    int input, output;
    struct termios modes;
    char leave[256];
    size_t length;
    int signals[paydesk_crash_signal_count];
    struct sigaction previous[paydesk_crash_signal_count];
};
static inline struct paydesk_crash_restore *paydesk_crash(void) {
    static struct paydesk_crash_restore state = { .signals = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT } };
    return &state;
}

/// Only async-signal-safe calls: write, tcsetattr, sigaction, raise.
static void paydesk_restore_on_crash(int number) {
    struct paydesk_crash_restore *crash = paydesk_crash();
    ssize_t written = write(crash->output, crash->leave, crash->length);
    (void)written;
    tcsetattr(crash->input, TCSANOW, &crash->modes);
    for (int index = 0; index < paydesk_crash_signal_count; index++) {
        if (crash->signals[index] == number) { sigaction(number, &crash->previous[index], NULL); }
    }
    raise(number);
}

/// Appends a capability without its padding (`$<2>`), which only tputs knows to turn into a delay.
static inline void paydesk_crash_append(const char *capability) {
    struct paydesk_crash_restore *crash = paydesk_crash();
    const char *text = tigetstr((char *)capability);
    if (text == NULL || text == (char *)-1) { return; }
    char plain[256];
    size_t length = 0;
    for (const char *at = text; *at != '\0' && length < sizeof plain; at++) {
        if (at[0] == '$' && at[1] == '<') {
            const char *close = at + 2;
            while (*close != '\0' && ((*close >= '0' && *close <= '9') || *close == '.' || *close == '*' || *close == '/')) { close++; }
            if (*close == '>' && close > at + 2) { at = close; continue; }
        }
        plain[length++] = *at;
    }
    if (crash->length + length > sizeof crash->leave) { return; }
    memcpy(crash->leave + crash->length, plain, length);
    crash->length += length;
}

/// Once the console has the screen: a crash (a trap, a fault, an abort) first leaves the console's screen
/// (attributes off, cursor shown, keypad mode off, the shell's screen back), then sets `modes` again, then
/// hands the signal to whatever handled it before.
static inline void paydesk_restore_terminal_on_crash(int input, int output, const struct termios *modes) {
    struct paydesk_crash_restore *crash = paydesk_crash();
    crash->input = input;
    crash->output = output;
    crash->modes = *modes;
    crash->length = 0;
    paydesk_crash_append("sgr0");
    paydesk_crash_append("cnorm");
    paydesk_crash_append("rmkx");
    paydesk_crash_append("rmcup");
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = paydesk_restore_on_crash;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < paydesk_crash_signal_count; index++) {
        sigaction(crash->signals[index], &action, &crash->previous[index]);
    }
}

/// The console gave the terminal back itself: a crash after that is none of the terminal's business.
static inline void paydesk_forget_terminal_on_crash(void) {
    struct paydesk_crash_restore *crash = paydesk_crash();
    for (int index = 0; index < paydesk_crash_signal_count; index++) { sigaction(crash->signals[index], &crash->previous[index], NULL); }
}

#endif
