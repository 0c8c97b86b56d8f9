// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {CryticAsserts} from "@chimera/CryticAsserts.sol";
import {TargetFunctions} from "./TargetFunctions.sol";

/// Echidna's and Medusa's entry point: the constructor deploys the system, the handlers are its own functions.
contract CryticTester is TargetFunctions, CryticAsserts {
    constructor() payable {
        setup();
    }
}
