import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { loginSchema, type Login } from '../../../../shared/schemas/auth';

/** The login form's rules (the shared loginSchema); loaded on first use, not with the page (decision 014). */
export const loginResolver: Resolver<Login> = zodResolver(loginSchema);
