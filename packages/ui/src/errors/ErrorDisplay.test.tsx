import { render, screen } from '@testing-library/react';
import { ErrorDisplay } from './ErrorDisplay';

it('shows the formatted error in an alert', async () => {
  render(<ErrorDisplay error={new Error('Search timed out')} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Error');
  expect(await screen.findByText('Search timed out')).toBeInTheDocument();
});
