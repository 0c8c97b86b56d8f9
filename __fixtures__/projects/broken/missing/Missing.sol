// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Gone} from "./Gone.sol";
import "@nowhere/pkg/Thing.sol";

contract Missing {}
