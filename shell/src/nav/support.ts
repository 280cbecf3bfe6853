/** The help line in the nav bar's Help menu and the footer. */
export const SUPPORT_PHONE = '1-800-555-0199';
export const SUPPORT_EMAIL = 'help@atelier.example';
export const SUPPORT_HOURS = 'Monday to Friday, 9 am to 6 pm Eastern';
