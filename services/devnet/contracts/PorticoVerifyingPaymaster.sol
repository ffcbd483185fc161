// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/core/BasePaymaster.sol";
import "@account-abstraction/contracts/core/Eip7702Support.sol";
import "@account-abstraction/contracts/core/Helpers.sol";
import "@account-abstraction/contracts/core/UserOperationLib.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/**
 * Portico's sponsoring paymaster (EntryPoint v0.8): it pays for a user operation that its off-chain signer
 * approved. The paymaster service signs only what its sponsorship policy allows, over every field of the
 * operation that decides what it does and what it costs, so an operation changed after signing is refused.
 *
 * paymasterAndData = paymaster (20) | verification gas (16) | post-op gas (16) | validUntil (6) |
 *                    validAfter (6) | signature (65)
 */
contract PorticoVerifyingPaymaster is BasePaymaster {
    using UserOperationLib for PackedUserOperation;

    address public immutable verifyingSigner;

    uint256 private constant VALIDITY_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 private constant SIGNATURE_OFFSET = PAYMASTER_DATA_OFFSET + 12;

    constructor(IEntryPoint entryPoint_, address verifyingSigner_, address owner_) BasePaymaster(entryPoint_) {
        verifyingSigner = verifyingSigner_;
        // Deployed through the CREATE2 proxy, whose address would otherwise own it.
        _transferOwnership(owner_);
    }

    /// The hash the signer signs (as an EIP-191 message): the operation without its signatures, the
    /// paymaster's gas limits, the validity window, this chain and this paymaster.
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter)
        public
        view
        returns (bytes32)
    {
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                _initCodeHash(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                bytes32(userOp.paymasterAndData[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET]),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    /// An EIP-7702 account's initCode is the 0x7702 marker (in 20 bytes, or 2 as some wallets write it),
    /// then optional data: only the data is signed, so the two spellings hash alike. The delegate itself
    /// is the EOA's signed authorization, which the EntryPoint checks.
    function _initCodeHash(bytes calldata initCode) private pure returns (bytes32) {
        if (!Eip7702Support._isEip7702InitCode(initCode)) return keccak256(initCode);
        return initCode.length <= 20 ? keccak256("") : keccak256(initCode[20:]);
    }

    function parsePaymasterAndData(bytes calldata paymasterAndData)
        public
        pure
        returns (uint48 validUntil, uint48 validAfter, bytes calldata signature)
    {
        validUntil = uint48(bytes6(paymasterAndData[VALIDITY_OFFSET:VALIDITY_OFFSET + 6]));
        validAfter = uint48(bytes6(paymasterAndData[VALIDITY_OFFSET + 6:SIGNATURE_OFFSET]));
        signature = paymasterAndData[SIGNATURE_OFFSET:];
    }

    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        internal
        view
        override
        returns (bytes memory context, uint256 validationData)
    {
        (uint48 validUntil, uint48 validAfter, bytes calldata signature) =
            parsePaymasterAndData(userOp.paymasterAndData);
        bytes32 digest = MessageHashUtils.toEthSignedMessageHash(getHash(userOp, validUntil, validAfter));
        (address recovered, ECDSA.RecoverError error,) = ECDSA.tryRecover(digest, signature);
        bool failed = error != ECDSA.RecoverError.NoError || recovered != verifyingSigner;
        return ("", _packValidationData(failed, validUntil, validAfter));
    }
}
