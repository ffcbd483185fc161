// What a connected visitor does with the embedded account, loaded on first use rather than with the modal.
export { loadSmartAccountNetworks, setPreferredAccountType } from './account-type.js'
export { resendUpdateCode, submitUpdateOtp, updateEmail } from './email-update.js'
