#ifndef CSYSTEMSHIMS_H
#define CSYSTEMSHIMS_H
#include <sys/types.h>

/* copy_file_range(2) is a GNU extension that Swift's Glibc module does not export. */
ssize_t CSystemShims_copy_file_range(int fd_in, off_t *off_in, int fd_out, off_t *off_out,
                                     size_t len, unsigned int flags);

/* sync_file_range(2) with SYNC_FILE_RANGE_WRITE: starts writing a range back without waiting
   (a GNU extension too). */
int CSystemShims_start_writeback(int fd, off_t offset, off_t length);

/* malloc_trim(3) when the heap holds more than `bytes` free (mallinfo2(3)): gives its free pages
   back to the system (glibc keeps them otherwise), without paying for it after every small
   piece of work; returns whether it trimmed. */
int CSystemShims_return_free_memory_above(size_t bytes);

/* mallopt(3): blocks under `bytes` come from the heap rather than a mapping of their own
   (M_MMAP_THRESHOLD), and up to `bytes` free at the heap's top stay there (M_TRIM_THRESHOLD).
   Fixed values also stop glibc moving either as blocks are freed. Returns whether both were
   taken. */
int CSystemShims_keep_heap_blocks_under(size_t bytes);

/* posix_spawn_file_actions_addclosefrom_np(3) (glibc 2.34, a GNU extension): the child closes
   every descriptor from `from` on. `actions` is a posix_spawn_file_actions_t. */
int CSystemShims_spawn_close_from(void *actions, int from);

/* Sends `descriptor` over the Unix socket `socket` (SCM_RIGHTS) with one byte; 0, or -1 and
   errno. The receiver gets its own descriptor for the same open file. */
int CSystemShims_send_descriptor(int socket, int descriptor);

/* Receives a descriptor `CSystemShims_send_descriptor` sent on `socket`, close-on-exec; the
   descriptor, or -1 (errno set; 0 when the other end closed). */
int CSystemShims_receive_descriptor(int socket);
#endif
