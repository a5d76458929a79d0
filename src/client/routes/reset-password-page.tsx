export default function ResetPasswordPage() {
  return <main id="main" className="p-6">ResetPasswordPage (to be built)</main>;
}
