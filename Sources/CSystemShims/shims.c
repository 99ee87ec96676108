#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <errno.h>
#include <spawn.h>
#include <string.h>
#include <sys/socket.h>
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

int CSystemShims_send_descriptor(int socket, int descriptor) {
  char byte = 'd';
  struct iovec part = {.iov_base = &byte, .iov_len = 1};
  union {
    char buffer[CMSG_SPACE(sizeof(int))];
    struct cmsghdr align;
  } control;
  memset(&control, 0, sizeof control);
  struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.buffer,
                           .msg_controllen = sizeof control.buffer};
  struct cmsghdr *header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
  ssize_t sent;
  do {
    sent = sendmsg(socket, &message, MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  return sent == 1 ? 0 : -1;
}

int CSystemShims_receive_descriptor(int socket) {
  char byte = 0;
  struct iovec part = {.iov_base = &byte, .iov_len = 1};
  union {
    char buffer[CMSG_SPACE(sizeof(int))];
    struct cmsghdr align;
  } control;
  struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.buffer,
                           .msg_controllen = sizeof control.buffer};
  ssize_t received;
  do {
    received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
  } while (received < 0 && errno == EINTR);
  if (received <= 0) {
    if (received == 0) errno = 0;
    return -1;
  }
  struct cmsghdr *header = CMSG_FIRSTHDR(&message);
  if (header == NULL || header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS ||
      header->cmsg_len != CMSG_LEN(sizeof(int))) {
    errno = EPROTO;
    return -1;
  }
  int descriptor;
  memcpy(&descriptor, CMSG_DATA(header), sizeof(int));
  return descriptor;
}
