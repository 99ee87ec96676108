import Glibc

/// A number of free slots that threads (`OwnThread`) take one at a time, waiting while none is
/// free, and give back: how a batch bounds the inputs it holds taken and not yet printed.
/// `@unchecked Sendable`: its pthread mutex and condition are this object's alone, never move
/// (allocated once), and `free` is read and written only with the mutex held.
package final class Slots: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var free: Int

  package init(_ count: Int) {
    free = count
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Takes a slot, waiting until one is free.
  package func take() {
    pthread_mutex_lock(mutex)
    while free == 0 { pthread_cond_wait(condition, mutex) }
    free -= 1
    pthread_mutex_unlock(mutex)
  }

  /// Gives back `count` slots and wakes the threads waiting for them.
  package func giveBack(_ count: Int = 1) {
    guard count > 0 else { return }
    pthread_mutex_lock(mutex)
    free += count
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }
}
