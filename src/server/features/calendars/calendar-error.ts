/** A failure the provider can read, shown as the calendar's last error ("The address answered 404"). */
export class CalendarFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarFetchError';
  }
}
