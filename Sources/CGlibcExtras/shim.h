// The parts of glibc's headers that Swift's Glibc module leaves out. Empty elsewhere.
//   <sys/epoll.h>: MockHTTP's worker pool (EventPool.swift).
//   <malloc.h>:    mallopt and its M_ settings (repairminder-mock's MallocTuning.swift).
#ifdef __linux__
#include <sys/epoll.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#endif
