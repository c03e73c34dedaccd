//! A bound on how many runs go at once: [`RunSlots`], shared by every code tool given a clone.
//!
//! Each run holds its heap (up to the interpreter's limit) for as long as it runs, so a server
//! that many clients call needs a bound on the runs under way, or its memory is theirs to set.
//! A run waits for a slot before it starts; the wait is part of its timeout (the run gets what
//! is left), it ends with the caller's cancellation, and a run that gets no slot in time never
//! started: its failure says so, and that nothing changed.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// At most this many runs at once, across the code tools that share it.
#[derive(Clone, Debug)]
pub struct RunSlots {
    semaphore: Arc<Semaphore>,
    size: usize,
}

/// Why a run got no slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoSlot {
    /// None came free within the run's timeout.
    Timeout,
    /// The caller cancelled the run while it waited.
    Cancelled,
}

/// A slot held for one run; given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    _permit: Option<OwnedSemaphorePermit>,
}

impl RunSlots {
    /// `size` slots (at least one).
    pub fn new(size: usize) -> Self {
        let size = size.max(1);
        Self {
            semaphore: Arc::new(Semaphore::new(size)),
            size,
        }
    }

    /// How many runs may go at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// How many runs could start now.
    pub fn free(&self) -> usize {
        self.semaphore.available_permits()
    }
}

/// Waits for a slot of `slots` (at once when there are none to share), at most `timeout` and
/// until `cancel`; answers the slot and the time left of `timeout` (all of it when a slot was
/// free at once).
pub(crate) async fn take(
    slots: Option<&RunSlots>,
    timeout: Duration,
    cancel: &CancellationToken,
) -> Result<(Slot, Duration), NoSlot> {
    let Some(slots) = slots else {
        return Ok((Slot { _permit: None }, timeout));
    };
    // A slot free at once costs the run nothing of its timeout.
    if let Ok(permit) = Arc::clone(&slots.semaphore).try_acquire_owned() {
        return Ok((
            Slot {
                _permit: Some(permit),
            },
            timeout,
        ));
    }
    let began = Instant::now();
    let permit = tokio::select! {
        permit = Arc::clone(&slots.semaphore).acquire_owned() => permit,
        () = tokio::time::sleep(timeout) => return Err(NoSlot::Timeout),
        () = cancel.cancelled() => return Err(NoSlot::Cancelled),
    };
    // The semaphore is never closed, so a permit always comes.
    let permit = permit.map_err(|_| NoSlot::Cancelled)?;
    let left = timeout.saturating_sub(began.elapsed());
    if left.is_zero() {
        return Err(NoSlot::Timeout);
    }
    Ok((
        Slot {
            _permit: Some(permit),
        },
        left,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_run_waits_for_a_slot_within_its_timeout_and_gets_what_is_left() {
        let slots = RunSlots::new(1);
        let cancel = CancellationToken::new();
        let (held, left) = take(Some(&slots), Duration::from_secs(5), &cancel)
            .await
            .unwrap();
        assert_eq!(left, Duration::from_secs(5));
        assert_eq!(slots.free(), 0);
        // No slot within 1 s: a timeout, and the slot is still the first run's.
        let none = take(Some(&slots), Duration::from_secs(1), &cancel).await;
        assert_eq!(none.unwrap_err(), NoSlot::Timeout);
        // The slot comes free after 2 s of a 5 s wait: 3 s are left.
        let release = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(2)).await;
            drop(held);
        });
        let (_slot, left) = take(Some(&slots), Duration::from_secs(5), &cancel)
            .await
            .unwrap();
        assert_eq!(left, Duration::from_secs(3));
        release.await.unwrap();
    }

    #[tokio::test(start_paused = true)]
    async fn a_cancelled_wait_ends_at_once_and_no_slots_means_no_wait() {
        let slots = RunSlots::new(1);
        let cancel = CancellationToken::new();
        let _held = take(Some(&slots), Duration::from_secs(5), &cancel)
            .await
            .unwrap();
        let waiting = CancellationToken::new();
        waiting.cancel();
        let none = take(Some(&slots), Duration::from_secs(5), &waiting).await;
        assert_eq!(none.unwrap_err(), NoSlot::Cancelled);
        let (_, left) = take(None, Duration::from_secs(5), &cancel).await.unwrap();
        assert_eq!(left, Duration::from_secs(5));
        assert_eq!(RunSlots::new(0).size(), 1);
    }
}
