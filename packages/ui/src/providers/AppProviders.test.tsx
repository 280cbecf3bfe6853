import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { AppProviders } from './AppProviders';

const mockBridgeLoaded = jest.fn();
jest.mock('./AppBridge', () => {
  mockBridgeLoaded();
  return jest.requireActual('./AppBridge');
});

function SaveButton() {
  const { message } = App.useApp();
  return (
    <button type="button" onClick={() => void message.success('Saved to your collection')}>
      Save
    </button>
  );
}

describe('AppProviders', () => {
  // First: the module registry keeps antd's App once a test has loaded it.
  it("fetches antd's App only at the visitor's first key or pointer press", async () => {
    render(
      <AppProviders>
        <p>Fine art</p>
      </AppProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mockBridgeLoaded).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'Tab' });
    await waitFor(() => expect(mockBridgeLoaded).toHaveBeenCalled());
  });

  it("draws the page before antd's App has loaded, and its messages once it has", async () => {
    render(
      <AppProviders>
        <SaveButton />
      </AppProviders>,
    );
    // The page is there at once: antd's App does not hold it back.
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    expect(await screen.findByText('Saved to your collection')).toBeInTheDocument();
  });

  it("keeps the text and link styles antd's App element gave the page", () => {
    render(
      <AppProviders>
        <p>
          Fine art <a href="/search">Browse</a>
        </p>
      </AppProviders>,
    );
    const wrapper = screen.getByText('Fine art', { exact: false }).parentElement;
    expect(wrapper).toHaveStyle({ fontSize: '14px', color: 'rgba(0, 0, 0, 0.88)' });
    // The theme's link colour (atelierTheme), not the browser's underlined blue.
    expect(screen.getByRole('link', { name: 'Browse' })).toHaveStyle({
      color: '#8a3b12',
      textDecoration: 'none',
    });
  });
});
