// Linux's epoll, which the Glibc module does not export (MockHTTP's EventPool). Empty elsewhere.
#ifdef __linux__
#include <sys/epoll.h>
#endif
