export default function VerifyEmailPage() {
  return <main id="main" className="p-6">VerifyEmailPage (to be built)</main>;
}
