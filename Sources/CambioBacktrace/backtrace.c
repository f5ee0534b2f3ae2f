// The self-contained build links the Swift runtime into the binary, and the runtime then looks for
// its crash reporter (swift-backtrace) beside the binary or under <prefix>/libexec/swift, reached
// through the path the program was started by: a bare `cambio` found on PATH names no folder, and
// libexec/swift is the toolchain's. The package ships the reporter as
// <prefix>/libexec/cambio/swift-backtrace, and this constructor names it in SWIFT_BACKTRACE before
// the runtime reads that variable: priority 101 runs before the runtime's own initialisers, which
// have none. A dynamic build (the runtime in libswiftCore.so) has read the variable already and
// finds the toolchain's reporter itself; there this file changes nothing that is used.
//
// The runtime finds the process's arguments by walking back from `environ` on the initial stack
// (ArgvGrabber in the runtime's CommandLine.cpp), but adding a variable moves `environ` to the
// heap: so the arguments are handed to the runtime directly, through the entry point it keeps
// for programs whose arguments it cannot find.
#include "CambioBacktrace.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) __attribute__((swiftcall));

static const char *const variable = "SWIFT_BACKTRACE";
static int changed = 0;
static char *original = NULL;

__attribute__((constructor(101))) static void cambio_backtrace_locate(int argc, char **argv, char **envp) {
    (void)envp;
    char prefix[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", prefix, sizeof prefix - 1);
    if (length <= 0) return;
    prefix[length] = '\0';
    // <prefix>/bin/cambio: drop the file name, then bin.
    for (int i = 0; i < 2; i++) {
        char *slash = strrchr(prefix, '/');
        if (slash == NULL) return;
        *slash = '\0';
    }
    char reporter[PATH_MAX];
    if (snprintf(reporter, sizeof reporter, "%s/libexec/cambio/swift-backtrace", prefix) >= (int)sizeof reporter) return;
    if (access(reporter, X_OK) != 0) return;

    // The user's own settings stay; only a reporter they named themselves wins over ours.
    const char *current = getenv(variable);
    if (current != NULL && strstr(current, "swift-backtrace=") != NULL) return;
    char value[PATH_MAX + 1024];
    int written = (current != NULL && current[0] != '\0')
        ? snprintf(value, sizeof value, "%s,swift-backtrace=%s", current, reporter)
        : snprintf(value, sizeof value, "swift-backtrace=%s", reporter);
    if (written < 0 || written >= (int)sizeof value) return;
    if (current != NULL) original = strdup(current);
    if (setenv(variable, value, 1) == 0) {
        changed = 1;
        _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
    }
}

void cambio_backtrace_restore_environment(void) {
    if (!changed) return;
    changed = 0;
    if (original != NULL) {
        setenv(variable, original, 1);
        free(original);
        original = NULL;
    } else {
        unsetenv(variable);
    }
}
