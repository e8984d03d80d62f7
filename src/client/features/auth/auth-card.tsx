import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader } from '@/components/ui/card-parts';
import { LogoMark } from '@/components/logo';

/** The centred card the sign-in and sign-up screens share. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-hero-from/60 via-background to-background"
      />
      <Card className="w-full max-w-md shadow-lg">
        <CardHeader className="items-center text-center">
          <LogoMark className="mx-auto mb-2 size-10" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">{children}</CardContent>
        <div className="px-6 text-center text-sm text-muted-foreground">{footer}</div>
      </Card>
    </div>
  );
}
