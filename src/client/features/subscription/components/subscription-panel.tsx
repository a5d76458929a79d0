// Placeholder owned by the subscriptions work (issue 6): status, free trial and the paid plans.
export function SubscriptionPanel(_props: { repId: number; customerName: string; customerEmail: string; customerPhone: string }) {
  return <div className="rounded-lg border p-4 text-sm">Subscription panel (coming with the subscriptions work).</div>;
}
