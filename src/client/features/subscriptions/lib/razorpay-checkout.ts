import type { TestCheckoutAnswer } from '../../../../shared/schemas/subscription';

// Razorpay's checkout.js, loaded on demand only when a rep pays (the CSP allows checkout.razorpay.com).

const CHECKOUT_SRC = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayCheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  notes?: Record<string, string>;
  theme?: { color: string };
  handler: (result: TestCheckoutAnswer) => void;
  modal?: { ondismiss?: () => void };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: (response: unknown) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayCheckoutOptions) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

/** Adds the checkout script once; rejects (and allows a later retry) when it cannot load. */
export function loadRazorpayCheckout(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SRC;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error('Razorpay checkout unavailable')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay checkout could not load'));
    };
    document.head.appendChild(script);
  }).catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Opens Razorpay's checkout; `onResult` gets the payment id, order id and signature to verify. */
export async function openRazorpayCheckout(options: RazorpayCheckoutOptions): Promise<void> {
  await loadRazorpayCheckout();
  const checkout = new window.Razorpay!(options);
  checkout.open();
}
