import { Admin, CustomRoutes, Resource } from 'react-admin'
import { BrowserRouter, Route } from 'react-router-dom'
import { RESOURCES } from './domains'
import { createDataProvider } from './api/data-provider'
import { createAuthProvider } from './auth/auth-provider'
import { SignInPage } from './auth/SignInPage'
import { SignInCallback } from './auth/SignInCallback'
import { i18nProvider } from './i18n/provider'
import { ConsoleLayout } from './layout/ConsoleLayout'
import { AccessDenied } from './layout/AccessDenied'
import { TodayPage } from './today/TodayPage'
import { theme } from './layout/theme'

const dataProvider = createDataProvider(Object.fromEntries(RESOURCES.map((r) => [r.name, r.api])))
const authProvider = createAuthProvider((resource) => RESOURCES.find((r) => r.name === resource)?.permission)

/** The staff console at /admin: react-admin over the staff API, its screens listed by domain (domains/index.ts). */
export function App() {
  return (
    <BrowserRouter basename='/admin'>
      <Admin
        title='admin.title'
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={SignInPage}
        dashboard={TodayPage}
        layout={ConsoleLayout}
        accessDenied={AccessDenied}
        theme={theme}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path='/signin-callback' element={<SignInCallback />} />
        </CustomRoutes>
        {RESOURCES.map((r) => (
          <Resource
            key={r.name}
            name={r.name}
            icon={r.icon}
            list={r.list}
            show={r.show}
            edit={r.edit}
            create={r.create}
          />
        ))}
      </Admin>
    </BrowserRouter>
  )
}
