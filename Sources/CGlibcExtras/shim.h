// The parts of glibc's headers that Swift's Glibc module leaves out. Empty elsewhere.
//   <sys/epoll.h>: MockHTTP's worker pool (EventPool.swift).
//   <malloc.h>:    mallopt and its M_ settings (repairminder-mock's MallocTuning.swift).
//   pthread_getattr_np, a GNU extension: a thread's own stack size (MockConcurrency's ServerThread.swift).
//   memmem, a GNU extension (Darwin's libc has it): the journal's digest finds the request's origin
//   in an answer (MockServer's RequestJournal.swift).
#ifdef __linux__
#include <sys/epoll.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <pthread.h>
extern int pthread_getattr_np(pthread_t thread, pthread_attr_t *attr);
#include <stddef.h>
extern void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);
#endif
#endif
