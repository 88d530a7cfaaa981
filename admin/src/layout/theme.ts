import { defaultTheme } from 'react-admin'
import { currentLanguage } from '../i18n/language'

/**
 * The console's theme: react-admin's default with a darker primary (white text on it passes WCAG AA contrast); the
 * content column may shrink beside the menu and a wide table scrolls sideways inside its card instead of pushing
 * the page wider than the screen (a tablet held upright, 820 px).
 */
export const theme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#0b5394' }, secondary: { main: '#1f3a5f' } },
  components: {
    ...defaultTheme.components,
    // a spinner is a progress bar to assistive technology: it is named (in the language the console opened in)
    MuiCircularProgress: { defaultProps: { 'aria-label': currentLanguage() === 'zh' ? '加载中' : 'Loading' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': currentLanguage() === 'zh' ? '加载中' : 'Loading' } },
    RaLayout: {
      styleOverrides: { root: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-content': { minWidth: 0 } } },
    },
    RaList: {
      styleOverrides: {
        root: { minWidth: 0, '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } },
      },
    },
    RaShow: { styleOverrides: { root: { '& .RaShow-card': { overflowX: 'auto' }, minWidth: 0 } } },
  },
}
