// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Broken} from "./Broken.sol";

/// Fine itself, but it imports the broken file: it cannot be built either.
contract UsesBroken {
    Broken internal broken;
}
