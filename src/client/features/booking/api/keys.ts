// Query keys of the booking domain: a leaf any domain may import to invalidate them (docs/decisions/066).
export const bookingCalendarKeyPrefix = ['rep', 'calendar'] as const;
export const doctorAvailabilityKey = (clinicId: number, doctorId: number) => ['rep', 'availability', clinicId, doctorId] as const;
export const repAppointmentsKeyPrefix = ['rep', 'appointments'] as const;
export const daySlotsKeyPrefix = ['rep', 'day-slots'] as const;
