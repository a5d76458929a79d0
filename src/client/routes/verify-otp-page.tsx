export default function VerifyOtpPage() {
  return <main id="main" className="p-6">VerifyOtpPage (to be built)</main>;
}
