import {
  normalizeTin,
  tinProblem,
  type TaxFormBody,
  type TaxFormView,
  type TinType,
} from '@atelier/contracts';

export interface TaxValues {
  us_person: 'yes' | 'no';
  legal_name: string;
  business_name: string;
  tax_classification: string;
  tin_type: TinType;
  tin: string;
  country_of_citizenship: string;
  foreign_tin: string;
  date_of_birth: string;
  address: {
    line1: string;
    line2: string;
    city: string;
    region: string;
    postal_code: string;
    country: string;
  };
  certify: boolean;
}

export const TAX_FIELDS = [
  'legal_name',
  'business_name',
  'tax_classification',
  'tin_type',
  'tin',
  'country_of_citizenship',
  'foreign_tin',
  'date_of_birth',
  'address',
  'certify',
] as const;

export const TAX_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  certify: 'Certify that the information is correct.',
  country: 'Enter a two-letter country code, e.g. PT.',
} as const;

export const US_PERSON_QUESTION =
  'Are you a US person (a US citizen or resident alien, or a US company) for tax purposes?';

/** The form's starting values: the saved form (TIN never known here), or an empty W-9. */
export function taxDefaults(saved: TaxFormView | null): TaxValues {
  const address = saved?.address;
  return {
    us_person: saved?.form === 'W-8BEN' ? 'no' : 'yes',
    legal_name: saved?.legal_name ?? '',
    business_name: saved?.business_name ?? '',
    tax_classification: saved?.tax_classification ?? 'individual',
    tin_type: saved?.tin_type ?? 'SSN',
    tin: '',
    country_of_citizenship: saved?.country_of_citizenship ?? '',
    foreign_tin: '',
    date_of_birth: saved?.date_of_birth ?? '',
    address: {
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      city: address?.city ?? '',
      region: address?.region ?? '',
      postal_code: address?.postal_code ?? '',
      // Asked of W-8BEN filers only (a W-9 address is in the US).
      country: saved?.form === 'W-8BEN' ? (address?.country ?? '') : '',
    },
    certify: false,
  };
}

/** The W-9 TIN check, as the server makes it (format and SSN/EIN rules). */
export const validateTin = (type: TinType) => (value: unknown) => {
  const text = String(value ?? '').trim();
  if (text === '') return TAX_MESSAGES.required('Taxpayer identification number');
  return tinProblem(type, text) ?? true;
};

/** The request body for the form's values. */
export function taxBody(values: TaxValues): TaxFormBody {
  const address = {
    line1: values.address.line1,
    line2: values.address.line2,
    city: values.address.city,
    region: values.address.region,
    postal_code: values.address.postal_code,
  };
  if (values.us_person === 'yes') {
    return {
      form: 'W-9',
      legal_name: values.legal_name,
      business_name: values.business_name,
      tax_classification: values.tax_classification,
      address: { ...address, country: 'US' },
      tin_type: values.tin_type,
      tin: normalizeTin(values.tin),
      certify: true,
    };
  }
  return {
    form: 'W-8BEN',
    legal_name: values.legal_name,
    country_of_citizenship: values.country_of_citizenship.trim().toUpperCase(),
    address: { ...address, country: values.address.country.trim().toUpperCase() },
    foreign_tin: values.foreign_tin,
    date_of_birth: values.date_of_birth,
    certify: true,
  };
}
