/** The page that shows and checks a proof of visit (public: the rep shares its link with a manager; docs/decisions/041). */
export const proofOfVisitPath = (receipt: string) => `/verify-visit?receipt=${encodeURIComponent(receipt)}`;

/** My Appointments, opened on its tab (the way back from the QR check-in, docs/decisions/041). */
export const MY_APPOINTMENTS_PATH = '/medrep-dashboard?tab=appointments';
