#ifndef CAMBIO_BACKTRACE_H
#define CAMBIO_BACKTRACE_H

/// Puts SWIFT_BACKTRACE back as the user's environment had it, so that programs Cambio starts
/// (a browser for a link) do not inherit the crash reporter's path. Call first in main.
void cambio_backtrace_restore_environment(void);

#endif
