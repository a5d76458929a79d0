// Placeholder owned by the accounts work (issue 3): the landing modals render this form.
export function RepLoginForm({ onBack }: { onBack: () => void; onDone?: () => void }) {
  return (
    <div className="grid gap-3 text-sm">
      <p>RepLoginForm is coming with the accounts work.</p>
      <button type="button" onClick={onBack} className="underline">Back</button>
    </div>
  );
}
