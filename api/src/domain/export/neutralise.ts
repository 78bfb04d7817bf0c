// One rule for every file a spreadsheet opens, the API's exports and the screens' own CSV files: it lives in the contract.
export { neutralise } from '@callboard/contract';
