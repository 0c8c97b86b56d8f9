// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Script} from "forge-std/Script.sol";
import {Vault} from "../src/Vault.sol";
import {MockERC20} from "../test/utils/mocks/MockERC20.sol";

/// Deploys a mock asset and its vault to a local node: `forge script script/Deploy.s.sol --broadcast`.
contract Deploy is Script {
    function run() external returns (Vault vault) {
        vm.startBroadcast();
        MockERC20 token = new MockERC20("Mock Token", "MOCK", 18);
        vault = new Vault(token);
        vm.stopBroadcast();
    }
}
