//! The heap limit: an allocator that counts what one runtime holds and refuses past its limit.
//!
//! rquickjs documents `set_memory_limit` as doing nothing once a Rust allocator is supplied, and
//! QuickJS often reports an allocation it could not make by throwing `null` rather than an
//! out-of-memory error. So each runtime gets its own [`CountingAllocator`]: it wraps rquickjs's
//! [`RustAllocator`], keeps the running total, refuses an allocation that would cross the limit, and
//! sets a shared flag when it does. The run loop and the interrupt handler read the flag, so a
//! refused allocation always ends the run as "heap limit reached", whatever QuickJS threw.

// The `Allocator` trait of rquickjs is `unsafe` to implement and its methods take raw pointers:
// QuickJS calls them through C function pointers. This module only forwards to rquickjs's own
// `RustAllocator` and keeps a count; it is the one place in the crate that needs `unsafe`.
#![allow(unsafe_code)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rquickjs::allocator::{Allocator, RustAllocator};

/// The flag a [`CountingAllocator`] sets when it refuses an allocation.
#[derive(Debug, Default)]
pub(crate) struct HeapFlag(AtomicBool);

impl HeapFlag {
    /// Whether an allocation was refused.
    pub(crate) fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Counts the bytes one runtime holds and refuses allocations past `limit`.
pub(crate) struct CountingAllocator {
    used: usize,
    limit: usize,
    flag: Arc<HeapFlag>,
}

/// What each allocation costs beyond its usable size: rquickjs's size header.
const OVERHEAD: usize = 16;

impl CountingAllocator {
    /// An allocator for one runtime, allowing `limit` bytes.
    pub(crate) fn new(limit: usize, flag: Arc<HeapFlag>) -> Self {
        Self {
            used: 0,
            limit,
            flag,
        }
    }

    /// Whether `extra` more bytes fit; sets the flag when they do not.
    fn admit(&mut self, extra: usize) -> bool {
        match self.used.checked_add(extra) {
            Some(total) if total <= self.limit => true,
            _ => {
                self.flag.set();
                false
            }
        }
    }
}

// SAFETY: every method forwards to `RustAllocator`, which upholds the trait's contract; the count
// is bookkeeping only. `usable_size` is read from the allocation's header before freeing it.
unsafe impl Allocator for CountingAllocator {
    fn alloc(&mut self, size: usize) -> *mut u8 {
        if !self.admit(size.saturating_add(OVERHEAD)) {
            return std::ptr::null_mut();
        }
        let ptr = RustAllocator.alloc(size);
        if !ptr.is_null() {
            // SAFETY: `ptr` was just returned by `RustAllocator`.
            self.used += unsafe { RustAllocator::usable_size(ptr) } + OVERHEAD;
        }
        ptr
    }

    fn calloc(&mut self, count: usize, size: usize) -> *mut u8 {
        let Some(total) = count.checked_mul(size) else {
            return std::ptr::null_mut();
        };
        if !self.admit(total.saturating_add(OVERHEAD)) {
            return std::ptr::null_mut();
        }
        let ptr = RustAllocator.calloc(count, size);
        if !ptr.is_null() {
            // SAFETY: `ptr` was just returned by `RustAllocator`.
            self.used += unsafe { RustAllocator::usable_size(ptr) } + OVERHEAD;
        }
        ptr
    }

    unsafe fn dealloc(&mut self, ptr: *mut u8) {
        // SAFETY: the caller passes a pointer from this allocator.
        let size = unsafe { RustAllocator::usable_size(ptr) } + OVERHEAD;
        self.used = self.used.saturating_sub(size);
        // SAFETY: as above.
        unsafe { RustAllocator.dealloc(ptr) }
    }

    unsafe fn realloc(&mut self, ptr: *mut u8, new_size: usize) -> *mut u8 {
        if ptr.is_null() {
            return self.alloc(new_size);
        }
        // SAFETY: the caller passes a pointer from this allocator.
        let old = unsafe { RustAllocator::usable_size(ptr) };
        if new_size > old && !self.admit(new_size - old) {
            return std::ptr::null_mut();
        }
        // SAFETY: as above; on failure the old allocation is left untouched.
        let new = unsafe { RustAllocator.realloc(ptr, new_size) };
        if !new.is_null() {
            // SAFETY: `new` was just returned by `RustAllocator`.
            let now = unsafe { RustAllocator::usable_size(new) };
            self.used = self.used.saturating_sub(old) + now;
        }
        new
    }

    unsafe fn usable_size(ptr: *mut u8) -> usize {
        // SAFETY: the caller passes a pointer from this allocator.
        unsafe { RustAllocator::usable_size(ptr) }
    }
}
