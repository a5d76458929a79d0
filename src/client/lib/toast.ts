import { useSyncExternalStore } from 'react';
import { TIMINGS } from '../../shared/constants';

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

export function toast(t: { title: string; description?: string; variant?: ToastVariant; duration?: number }): void {
  current = { id: nextId++, variant: 'default', duration: TIMINGS.toastDefaultMs, ...t };
  emit();
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
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
