import { useSyncExternalStore } from 'react';
import { TIMINGS } from '../../shared/shell-constants';

// Toasts as the spec describes: one visible at a time, 5 s by default (spec part 1, 9).

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';
export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number };
const make = (t: ToastInput): ToastItem => ({ id: nextId++, variant: 'default', duration: TIMINGS.toastDefaultMs, ...t });

/** Toasts that must each be seen, shown one after another once the current one closes. */
const waiting: ToastItem[] = [];

export function toast(t: ToastInput): void {
  current = make(t);
  emit();
}

/**
 * Shows the first of `items` now (in place of the one on screen, as `toast` does) and each of the others after the
 * one before it closes: for reports that must each be seen, such as the outcome of the offline sync (decision 033).
 */
export function toastEach(items: ToastInput[]): void {
  const [first, ...rest] = items;
  if (!first) return;
  current = make(first);
  waiting.push(...rest.map(make));
  emit();
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = waiting.shift() ?? null;
  emit();
}

export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
