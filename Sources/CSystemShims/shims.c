#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <unistd.h>
#include "CSystemShims.h"

ssize_t CSystemShims_copy_file_range(int fd_in, off_t *off_in, int fd_out, off_t *off_out,
                                     size_t len, unsigned int flags) {
  return copy_file_range(fd_in, off_in, fd_out, off_out, len, flags);
}

int CSystemShims_start_writeback(int fd, off_t offset, off_t length) {
  return sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE);
}

int CSystemShims_return_free_memory_above(size_t bytes) {
  struct mallinfo2 heap = mallinfo2();
  return heap.fordblks > bytes ? malloc_trim(0) : 0;
}

int CSystemShims_keep_heap_blocks_under(size_t bytes) {
  return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1 && mallopt(M_TRIM_THRESHOLD, (int)bytes) == 1;
}

int CSystemShims_spawn_close_from(void *actions, int from) {
  return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, from);
}
