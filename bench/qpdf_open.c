/* The floor for anything built on libqpdf: map the file, let qpdf parse it (recovery off, as
 * pdfbind opens it) and read the catalog's /ViewerPreferences /Direction, then exit.
 * make bench compares `set --in-place` with one run of this (only the verifying read is paid).
 *
 * build: cc -O2 -o qpdf_open qpdf_open.c $(pkg-config --cflags --libs libqpdf)
 * usage: qpdf_open FILE */
#include <fcntl.h>
#include <qpdf/qpdf-c.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: qpdf_open FILE\n"); return 64; }
  int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[1]); return 2; }
  void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED) { perror("mmap"); return 2; }
  madvise(map, (size_t)st.st_size, MADV_RANDOM);
  qpdf_data qpdf = qpdf_init();
  qpdf_silence_errors(qpdf);
  qpdf_set_suppress_warnings(qpdf, QPDF_TRUE);
  qpdf_set_attempt_recovery(qpdf, QPDF_FALSE);
  if (qpdf_read_memory(qpdf, argv[1], map, (unsigned long long)st.st_size, "") & QPDF_ERRORS) {
    fprintf(stderr, "qpdf_open: %s: cannot read\n", argv[1]);
    return 2;
  }
  qpdf_oh preferences = qpdf_oh_get_key(qpdf, qpdf_get_root(qpdf), "/ViewerPreferences");
  qpdf_oh direction = qpdf_oh_get_key(qpdf, preferences, "/Direction");
  puts(qpdf_oh_is_name(qpdf, direction) ? qpdf_oh_get_name(qpdf, direction) : "none");
  qpdf_cleanup(&qpdf);
  return 0;
}
